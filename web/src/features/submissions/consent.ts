import { useQuery } from '@tanstack/react-query';
import { isNumericId } from '../../../../common/content-id';
import { consentKinds, consentWordings, type ConsentKind } from '../../../../common/finish-rules';
import { call } from '../../api/client';
import { useTenant } from '../../current-tenant/TenantContext';

/** What a form shows of a consent: the tenant's current words and their version's id (none while unknown). */
export type ShownConsent = { text: string; textId?: number };

const catalogue = Object.fromEntries(consentKinds.map((k) => [k, { text: consentWordings[k][0]! }])) as Record<
  ConsentKind,
  ShownConsent
>;

/**
 * The tenant's current consent wordings, which the forms show and send back with their ids. Until
 * they are known (or with the server out of reach) the catalogue's words, sent without an id: the
 * server recognises them as the version they are.
 */
export function useConsentTexts(): Record<ConsentKind, ShownConsent> {
  const tenant = useTenant();
  const query = useQuery({
    queryKey: ['consent-texts-current', tenant.key],
    queryFn: () => call('GET /tenants/:key/consent-texts', { params: { key: tenant.key } }),
    staleTime: 30_000,
    retry: false,
  });
  if (!query.data) return catalogue;
  return Object.fromEntries(
    consentKinds.map((k) => [k, { text: query.data[k].text, textId: query.data[k].id }]),
  ) as Record<ConsentKind, ShownConsent>;
}

/**
 * Records that the person agreed to a consent wording (e.g. the photo rights checkbox on the
 * upload pages), word for word with its version and the time, on the submission. Local ids have
 * nothing to record on the server. A replaced version is refused (409, reload).
 */
export async function recordConsent(
  contentId: string | number,
  kind: ConsentKind,
  shown: ShownConsent | string = catalogue[kind],
): Promise<void> {
  if (!isNumericId(contentId)) return;
  const body = typeof shown === 'string' ? { kind, text: shown } : { kind, text: shown.text, textId: shown.textId };
  await call('POST /submissions/:contentId/consents', { params: { contentId }, body }, { contentId });
}
