/** The filter combinations of dev-queries.ts and explain.ts. */
import { COMMON_WORD, RARE_WORD } from './seed';

const common = COMMON_WORD.toLowerCase();
export const filters: Record<string, Record<string, string>> = {
  first: {},
  tenant: { tenant: 'bank' },
  kind: { kind: 'voice' },
  status: { status: 'verworfen' },
  'tenant+status': { tenant: 'bank', status: 'neu' },
  'tenant+status+date': { tenant: 'bank', status: 'neu', from: '2025-01-01', to: '2025-03-31' },
  'approval approved': { approval: 'approved' },
  'approval changes': { approval: 'changes' },
  'approval pending+tenant': { approval: 'pending', tenant: 'bank' },
  'tenant+kind': { tenant: 'firma_a', kind: 'document' },
  'kind+status': { kind: 'upload', status: 'verwendet' },
  'tenant+kind+status': { tenant: 'vdi', kind: 'interview', status: 'in_bearbeitung' },
  date: { from: '2025-06-01', to: '2025-06-30' },
  'kind+date': { kind: 'voice', from: '2025-06-01', to: '2025-12-31' },
  'tenant+kind+status+date': { tenant: 'vdi', kind: 'interview', status: 'neu', from: '2025-01-01', to: '2025-12-31' },
  rare: { q: RARE_WORD.toLowerCase() },
  common: { q: common },
  'common+tenant+kind': { q: common, tenant: 'bank', kind: 'voice' },
  'common page 2': { q: common, cursor: Buffer.from(JSON.stringify({ o: 25 })).toString('base64url') },
  'common+rare filter': {
    q: common,
    tenant: 'vdi',
    kind: 'interview',
    status: 'neu',
    from: '2025-01-01',
    to: '2025-02-01',
  },
  'two words': { q: `${common} wasserstoff` },
  name: { q: 'nachname17' },
  'short prefix': { q: 'wa' },
};
