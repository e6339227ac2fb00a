import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AUDIO_FORMATS, DEFAULT_FORMAT_NAME } from '../common/interview/audio';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url().optional();

/** Every setting the server reads from the environment, with its default. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  BASE_URL: optionalUrl,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL muss mit postgres:// beginnen')
    .optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  // Proxies whose X-Forwarded-* headers count (client address for rate limits, protocol, host):
  // unset = none, `true` = any, a number = that many hops, or addresses/CIDRs, comma-separated.
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'TRUST_PROXY: true, eine Zahl oder Adressen, durch Kommas getrennt',
    )
    .optional(),
  /** E-mail address for reports of accessibility barriers, shown in the accessibility statement. */
  ACCESSIBILITY_CONTACT: z.email('ACCESSIBILITY_CONTACT: eine E-Mail-Adresse').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  /** Absolute lifetime of a session, however active: after it, sign in again. */
  SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
  ACTIVITY_CHECK_SECONDS: z.coerce.number().positive().default(60),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Failed logins one account may have per 15 minutes, from whatever address, before it is held. */
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** Invitations into a tenant one person may send per hour (editors and admins alike). */
  INVITATIONS_PER_HOUR: z.coerce.number().int().positive().default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL muss mit smtp:// oder smtps:// beginnen')
    .optional(),
  MAIL_FROM: z.string().default('Content-Assistent <no-reply@localhost>'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  MAX_VIDEO_MB: z.coerce.number().positive().default(4096),
  /** Public link: minutes of video answers per hour, per address and in total (each clip counts its limit until measured). */
  PUBLIC_VIDEO_MINUTES_PER_HOUR_PER_ADDRESS: z.coerce.number().min(0).default(30),
  PUBLIC_VIDEO_MINUTES_PER_HOUR: z.coerce.number().min(0).default(300),
  /** Largest photo in MB (phones write 12–50 MB JPEGs in their high-resolution modes). */
  MAX_PHOTO_MB: z.coerce.number().positive().default(50),
  /** Proof of work of the public upload link: the browser searches up to this counter. */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(2).default(100_000),
  /** Anonymous submissions one address may create per hour. */
  PUBLIC_SUBMISSIONS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Campaign mails (invitations, reminders) sent per second, so a long list does not trip the mail server. */
  CAMPAIGN_MAILS_PER_SECOND: z.coerce.number().positive().max(1000).default(10),
  /** Unknown personal-link codes (/e/<code>) one address may try per hour before it is refused. */
  PERSONAL_LINK_MISSES_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Days after which a submission that never received any content is removed. */
  EMPTY_SUBMISSION_DAYS: z.coerce.number().positive().default(7),
  /** Public link: interviews running at once, per address and in total. */
  PUBLIC_INTERVIEWS_PER_ADDRESS: z.coerce.number().int().min(0).default(1),
  PUBLIC_INTERVIEWS_TOTAL: z.coerce.number().int().min(0).default(10),
  /** Public link: the longest an interview slot is held (a session that never reports its end). */
  PUBLIC_INTERVIEW_MAX_MINUTES: z.coerce.number().positive().default(20),
  /** Public link: minutes of audio (interviews and voice messages) per hour, per address and in total. */
  PUBLIC_AUDIO_MINUTES_PER_HOUR_PER_ADDRESS: z.coerce.number().min(0).default(30),
  PUBLIC_AUDIO_MINUTES_PER_HOUR: z.coerce.number().min(0).default(300),
  /** Public link: voice messages and transcription requests per submission and per address and hour. */
  PUBLIC_RECORDINGS_PER_SUBMISSION: z.coerce.number().int().min(0).default(3),
  PUBLIC_RECORDINGS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(0).default(10),
  PUBLIC_TRANSCRIPTIONS_PER_SUBMISSION: z.coerce.number().int().min(0).default(6),
  PUBLIC_TRANSCRIPTIONS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(0).default(20),
  /** Signed-in contributors: voice messages and transcription requests per session and hour (generous; the public link has its own). */
  RECORDINGS_PER_HOUR_PER_USER: z.coerce.number().int().positive().default(60),
  TRANSCRIPTIONS_PER_HOUR_PER_USER: z.coerce.number().int().positive().default(120),
  /** Public link: megabytes of uploads per hour, per address and in total (counted from the declared length). */
  PUBLIC_UPLOAD_MB_PER_HOUR_PER_ADDRESS: z.coerce.number().min(0).default(2048),
  PUBLIC_UPLOAD_MB_PER_HOUR: z.coerce.number().min(0).default(20480),
  TRANSCRIBER: z.enum(['local', 'openai', 'elevenlabs', 'none']).default('local'),
  WHISPER_MODEL: z.enum(['base', 'small']).default('base'),
  WHISPER_MODEL_URL: optionalUrl,
  WHISPER_MODEL_SHA1: z.string().optional(),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_TRANSCRIBE_MODEL: z.string().default('whisper-1'),
  OPENAI_CHAT_MODEL: z.string().optional(),
  OPENAI_TTS_MODEL: z.string().optional(),
  ELEVENLABS_API_KEY: z.string().optional(),
  ELEVENLABS_BASE_URL: z.url().default('https://api.elevenlabs.io'),
  ELEVENLABS_STT_MODEL: z.string().default('scribe_v2'),
  VOICE_AGENT: z.enum(['builtin', 'elevenlabs']).default('builtin'),
  TTS: z.enum(['espeak', 'openai', 'browser']).default('espeak'),
  /** Audio formats of the built-in interviewer: pcm_8000…pcm_48000 or ulaw_8000. */
  VOICE_INPUT_FORMAT: z
    .string()
    .refine((f) => AUDIO_FORMATS.includes(f), 'Ungültiges Audioformat (pcm_16000, ulaw_8000, ...)')
    .default(DEFAULT_FORMAT_NAME),
  VOICE_OUTPUT_FORMAT: z
    .string()
    .refine((f) => AUDIO_FORMATS.includes(f), 'Ungültiges Audioformat (pcm_16000, ulaw_8000, ...)')
    .default(DEFAULT_FORMAT_NAME),
  /** Silence that ends an answer of the built-in interviewer after a finished sentence. */
  VOICE_SILENCE_MS: z.coerce.number().int().min(200).max(5000).optional(),
  /** Longest thinking pause inside an unfinished clause ("…, weil") before the answer ends anyway. */
  VOICE_UNFINISHED_MS: z.coerce.number().int().min(500).max(10_000).default(2500),
  /** Voice detection of the built-in interviewer: Silero VAD (trained model) or energy (fallback). */
  VOICE_VAD: z.enum(['silero', 'energy']).default('silero'),
  /** ElevenLabs agent ids beside the tenant data: `bank.*=agent_1,vdi.tech-dive=agent_2,*.image=agent_3`. */
  ELEVENLABS_AGENT_IDS: z.string().optional(),
  JOB_POLL_MS: z.coerce.number().int().positive().default(500),
  /** The log of erasures (ids only, one JSON line each; default DATA_DIR/erasure-log.jsonl). Keep it beside the backups: `cli restore` replays it. */
  ERASURE_LOG: z.string().optional(),
  /** Days an approval link sent to a contributor stays valid. */
  APPROVAL_DAYS: z.coerce.number().positive().max(365).default(14),
  /** How long a post draft from the chat model may take before the editor gets their text back. */
  DRAFT_TIMEOUT_SECONDS: z.coerce.number().positive().default(90),
  /** Time zone of the editors' daily digest hour. */
  NOTIFY_TIME_ZONE: z.string().default('Europe/Berlin'),
  /** How often each instance looks for notifications due (they go out once across instances). */
  NOTIFY_CHECK_SECONDS: z.coerce.number().positive().default(60),
  /** How long an instance trusts its tenant cache before comparing the version in the database (ms). */
  TENANT_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** On SIGTERM: how long running requests and upload chunks may take before their connections are closed. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  /** Tests: every JSON answer is checked against its schema in common/contracts/endpoints.ts (a mismatch is a 500). */
  CHECK_RESPONSES: bool.default(false),
  /** Bearer token for GET /metrics on the app's port; without it and without METRICS_LISTEN there are no metrics. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN braucht mindestens 16 Zeichen').optional(),
  /** host:port of a separate listener that serves only /metrics, without a token (e.g. 127.0.0.1:9464). */
  METRICS_LISTEN: z
    .string()
    .regex(/^(\[[0-9a-fA-F:]+\]|[^:\s]+):\d{1,5}$/, 'METRICS_LISTEN muss host:port sein, z. B. 127.0.0.1:9464')
    .optional(),
  /** SQLite only: worker threads for slow reads (inbox, search, exports, statistics); 0 = on the event loop. */
  SQLITE_READ_WORKERS: z.coerce.number().int().min(0).max(16).default(2),
  /** Free space (MB) below which /api/health reports the local storage as not ready. */
  MIN_FREE_DISK_MB: z.coerce.number().min(0).default(200),
  /**
   * How long /api/health trusts what it last saw: a storage probe (write, free space, bucket) and
   * a successful database query of the app's own; health checks at any rate cost at most one
   * probe per interval.
   */
  HEALTH_PROBE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** A running job's lease; renewed while it runs, so a crashed instance's job is taken up after about this long. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /** Heavy media jobs (video proxies, renders) this instance runs at once, each an ffmpeg process; 0 = none here. */
  MEDIA_JOBS: z.coerce.number().int().min(0).max(16).default(1),
  /**
   * A media job running longer than this is stopped (its ffmpeg killed) and tried again once. Once
   * a job knows its media's length its limit is 120 s plus 4 s per second of media, never more.
   */
  MEDIA_JOB_TIMEOUT_SECONDS: z.coerce.number().int().positive().max(86_400).default(7200),
  /** Longest video or voice message (measured from its packets) a signed-in person may send, in minutes. */
  MEDIA_MAX_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(120),
  /** Longest video or voice message through the anonymous public link, in minutes. */
  PUBLIC_MEDIA_MAX_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
});

export type Env = z.infer<typeof envSchema>;

export type AppConfig = Env & {
  dataDir: string;
  baseUrl: string;
  authSecret: string;
  trustedOrigins: string[];
  demo: boolean;
};

/** Secrets never printed. */
const secretKeys = [
  'AUTH_SECRET',
  'authSecret',
  'S3_SECRET_ACCESS_KEY',
  'OPENAI_API_KEY',
  'ELEVENLABS_API_KEY',
  'METRICS_TOKEN',
];

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { demo?: boolean } = {}): AppConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    dataDir,
    baseUrl,
    authSecret: e.AUTH_SECRET ?? persistentSecret(dataDir),
    trustedOrigins: [
      baseUrl,
      ...(e.TRUSTED_ORIGINS?.split(',')
        .map((s) => s.trim())
        .filter(Boolean) ?? []),
    ],
    demo: opts.demo ?? false,
  };
}

/** A random secret kept in DATA_DIR, so sessions survive restarts without configuration. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function describeConfig(config: AppConfig): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(config).map(([k, v]) => {
      if (v === undefined) return [k, v];
      if (secretKeys.includes(k)) return [k, '***'];
      if (k === 'DATABASE_URL' || k === 'SMTP_URL') return [k, String(v).replace(/\/\/([^:@/]+):[^@]+@/, '//$1:***@')];
      return [k, v];
    }),
  );
}

/** Fastify's `trustProxy` from TRUST_PROXY (off when unset: the client address is the socket's). */
export function trustProxyOf(
  value: string | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  const v = value?.trim();
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
