import type { TenantInfo } from '../../common/contracts/tenants';
import { texts } from '../../common/texts';
import type { Deps } from '../deps';
import type { WithTenants } from '../tenants';
import { RETENTION_WARNING_DAYS } from './retention';

type ServiceDeps = Pick<Deps, 'config' | 'db'> & WithTenants;
const t = texts.processingRecord;

/** The host of a configured URL, never its credentials. */
function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** What the tenant's pages collect: only the flows it offers. */
function collectedOf(info: TenantInfo | null): string[] {
  const cards = new Set<string>(info?.entryCards ?? []);
  const has = (...names: string[]) => names.some((n) => cards.has(n));
  const lines: string[] = [t.contact];
  if (has('interview-category', 'content-selection') || info?.generalInterview) lines.push(t.interviews);
  if (has('voice-message')) lines.push(t.voiceMessages);
  if (has('upload', 'image-upload', 'document-image-upload', 'content-selection')) lines.push(t.photos);
  if (has('upload', 'document-upload', 'document-image-upload', 'content-selection')) lines.push(t.documents);
  if (has('video-answer')) lines.push(t.videoAnswers);
  if (info?.publicLink) lines.push(t.publicLink);
  lines.push(t.consents, t.madeFrom, t.editors, t.technical);
  return lines;
}

/** Who receives data, from the configuration actually set (hosts only, never credentials). */
function recipientsOf(c: ServiceDeps['config']): string[] {
  const openaiHost = hostOf(c.OPENAI_BASE_URL) ?? 'api.openai.com';
  const elevenHost = hostOf(c.ELEVENLABS_BASE_URL) ?? 'api.elevenlabs.io';
  const transcriber =
    c.TRANSCRIBER === 'openai'
      ? t.transcriberOpenai(openaiHost)
      : c.TRANSCRIBER === 'elevenlabs'
        ? t.transcriberElevenlabs(elevenHost)
        : c.TRANSCRIBER === 'local'
          ? t.transcriberLocal
          : t.transcriberNone;
  const lines = [
    t.transcription(transcriber),
    c.VOICE_AGENT === 'elevenlabs' ? t.voiceAgentElevenlabs(elevenHost) : t.voiceAgentBuiltin,
    c.OPENAI_CHAT_MODEL ? t.draftsModel(c.OPENAI_CHAT_MODEL, openaiHost) : t.draftsTemplate,
  ];
  if (c.TTS === 'openai') lines.push(t.ttsOpenai(openaiHost));
  const smtp = hostOf(c.SMTP_URL);
  const s3 = hostOf(c.S3_ENDPOINT);
  const database = hostOf(c.DATABASE_URL);
  lines.push(
    smtp ? t.mailSmtp(smtp) : t.mailOutbox,
    s3 ? t.filesS3(s3, c.S3_BUCKET ?? '–') : t.filesLocal,
    database ? t.databasePostgres(database) : t.databaseSqlite,
  );
  return lines;
}

/**
 * The draft of a record of processing activities (Art. 30 DSGVO) for one tenant: what is
 * collected, why, how long it is kept, and who receives it (the configured services).
 */
export async function processingRecord(deps: ServiceDeps, tenant: string): Promise<string> {
  const registry = await deps.tenantRegistry.fresh();
  const row = await deps.db
    .selectFrom('tenants')
    .select('retention_months')
    .where('key', '=', tenant)
    .executeTakeFirst();
  const months = Number(row?.retention_months ?? 24);
  return [
    t.title(registry.displayName(tenant)),
    '',
    t.made(new Date().toISOString().slice(0, 10)),
    '',
    t.purposeTitle,
    t.purpose,
    '',
    t.collectedTitle,
    ...collectedOf(registry.get(tenant)),
    '',
    t.legalTitle,
    t.legal,
    '',
    t.recipientsTitle,
    ...recipientsOf(deps.config),
    t.channels,
    '',
    t.retentionTitle,
    t.retention(months, RETENTION_WARNING_DAYS),
    t.erasure,
    t.consentKept,
    '',
    t.measuresTitle,
    t.measuresAccess,
    t.measuresRoles,
    '',
  ].join('\n');
}
