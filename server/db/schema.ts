import type { Generated } from 'kysely';
import type { PersonalLinkTable, CampaignTable, CampaignInviteeTable, CampaignMailTable } from './schema-campaigns';
import type {
  ConsentTable,
  ConsentTextTable,
  TakedownTaskTable,
  ErasureRequestTable,
  ErasureLogTable,
} from './schema-consent';

export type { PersonalLinkTable, CampaignTable, CampaignInviteeTable, CampaignMailTable } from './schema-campaigns';
export type {
  ConsentTable,
  ConsentTextTable,
  TakedownTaskTable,
  ErasureRequestTable,
  ErasureLogTable,
} from './schema-consent';

/** Tables of better-auth that our queries read (camelCase columns, as better-auth creates them). */
export interface UserTable {
  id: string;
  email: string;
  name: string;
  role: string | null;
  banned: number | boolean | null;
  createdAt: unknown;
}

export interface SubmissionTable {
  id: Generated<number>;
  tenant: string;
  /** interview | voice | upload | description | document */
  kind: string;
  /** neu | in_bearbeitung | verwendet | verworfen (editorial status) */
  status: Generated<string>;
  topic: string | null;
  source: string | null;
  user_id: string | null;
  user_email: string | null;
  access_token_hash: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  transcript: string | null;
  w_answers: string | null;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_email: string | null;
  post_email: string | null;
  post_link: string | null;
  post_description: string | null;
  /** When the first content arrived (file, transcript, W-answers, contact); null = empty (migration 0011). */
  content_at: Generated<string | null>;
  /** The contributor's role or job title from the contact step (migration 0024). */
  contact_role?: string | null;
  /** 1 while a draft sent from a phone is still arriving: no content_at, so no one sees it (migration 0029). */
  held: Generated<number>;
  /** When the contributor last withdrew a consent (migration 0036): the inbox shows it. */
  consent_withdrawn_at?: string | null;
  /** When the editors were warned that retention runs out (migration 0036). */
  retention_warned_at?: string | null;
  /** The personal link that made it (migration 0034): that link reaches it, no other. */
  personal_link_id?: number | null;
  /** The campaign it answers (migration 0034), through a personal link or the campaign's shared link. */
  campaign_id?: number | null;
}

export interface MediaTable {
  id: Generated<number>;
  submission_id: number;
  /** photo | video | document | audio | transcript */
  kind: string;
  file_path: string;
  file_type: string;
  size: number;
  original_name: string;
  thumbnail_path: string | null;
  created_at: string;
  /** Upload screen the file came through (common/schemas/uploads.ts); null for transcripts etc. */
  surface: string | null;
  /** The tus upload that made this file; unique, so a retried job never registers twice. */
  upload_id: string | null;
  /** Playable H.264/AAC MP4 of a video (migration 0021). */
  proxy_path?: string | null;
  duration_ms?: number | null;
  /** Display size (rotation applied) of a video. */
  width?: number | null;
  height?: number | null;
  /** Videos: processing | ready | unreadable; null = nothing to do. */
  media_state?: string | null;
  /** The media job making the proxy (and the captions). */
  media_job_id?: number | null;
  /** JSON: the transcriber's timed transcript {text, segments, words?}. */
  timing?: string | null;
  /** The text the captions show (the transcriber's, then the edited transcript's). */
  caption_text?: string | null;
  /** pending | ready | none (no speech) | failed; null = not spoken media. */
  caption_state?: string | null;
}

/** A quote card, clip or audiogram made from a submission (migration 0024); never changed once made. */
export interface ContentItemTable {
  id: Generated<number>;
  submission_id: number;
  /** card | clip | audiogram */
  kind: string;
  /** 4:5 | 1:1 | 9:16 | 16:9 */
  format: string;
  /** JSON (server/content/spec.ts) */
  spec: string;
  alt: string;
  file_key: string | null;
  file_type: string | null;
  size: number | null;
  duration_ms: number | null;
  /** rendering | ready | failed | cancelled */
  state: string;
  job_id: number | null;
  replaces_id: number | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface JobTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  /** queued | running | done | failed | cancelled */
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_until: string | null;
  last_error: string | null;
  result: string | null;
  created_at: string;
  updated_at: string;
  /** 0..1 while a media job runs (migration 0021). */
  progress?: number | null;
  /** Set by a cancel; the running instance stops the job (migration 0021). */
  cancel_requested_at?: string | null;
  /** The ffmpeg child of a running media job and its host (migration 0031). */
  child_pid?: number | null;
  child_host?: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

/** An editor's internal note on a submission (never shown to the contributor). */
export interface SubmissionNoteTable {
  id: Generated<number>;
  submission_id: number;
  author_id: string;
  author_email: string;
  body: string;
  created_at: string;
}

/** Who did what to which record, e.g. deleting a submission for a data-protection request. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  /** e.g. submission.delete, user.create, user.role */
  action: string;
  /** e.g. submission:123, user:abc */
  target: string;
  tenant: string | null;
  /** JSON text */
  detail: string | null;
}

/** Counts per tenant and contributor ('' = anonymous), kept by triggers (migration 0006). */
export interface StatsUserTable {
  tenant: string;
  user_key: string;
  user_email: string | null;
  submissions: number;
  media: number;
  last_activity: string;
}

/** Submissions per tenant and week (Monday, YYYY-MM-DD), kept by triggers (migration 0006). */
export interface StatsWeekTable {
  tenant: string;
  week: string;
  submissions: number;
}

/** Keys usable once across all instances (ALTCHA challenges, voice tokens), migration 0007. */
export interface UsedOnceTable {
  purpose: string;
  key: string;
  expires_at: string;
}

/** Resumable uploads kept in the blob store (S3), migration 0007. */
export interface TusUploadTable {
  id: string;
  size: number | string | null;
  upload_offset: number | string;
  /** JSON text */
  metadata: string;
  /** JSON text: [{key, size}] */
  chunks: string;
  created_at: string;
}

/** Rate-limit counters shared by all instances, migration 0007b. */
export interface RateLimitTable {
  key: string;
  count: number;
  /** epoch milliseconds */
  window_start: number | string;
}

/** A post of a submission for one channel (migration 0012). */
export interface PostTable {
  id: Generated<number>;
  submission_id: number;
  channel: string;
  created_at: string;
  /** Marked when a consent it relies on was withdrawn before it was published (migration 0036). */
  consent_withdrawn_at?: string | null;
}

/** Every save of a post's text and images. */
export interface PostVersionTable {
  id: Generated<number>;
  post_id: number;
  number: number;
  body: string;
  /** JSON text: [{mediaId, alt}] */
  images: string;
  /** JSON text: [{itemId, alt}] content items (migration 0024) */
  items: Generated<string>;
  /** editor | model | template | restore | content */
  source: string;
  author_id: string;
  author_email: string;
  created_at: string;
}

/** A request to the contributor to approve one version; the token is stored as SHA-256. */
export interface PostApprovalTable {
  id: Generated<number>;
  post_id: number;
  submission_id: number;
  version_id: number;
  token_hash: string;
  email: string;
  sent_by_id: string;
  sent_by_email: string;
  created_at: string;
  expires_at: string;
  withdrawn_at: string | null;
  /** Why the request was voided besides an editor's withdrawal: 'consent' (migration 0036). */
  void_reason?: string | null;
  /** pending | approved | changes */
  state: string;
  comment: string | null;
  decided_at: string | null;
}

export interface PostPublicationTable {
  id: Generated<number>;
  post_id: number;
  submission_id: number;
  version_id: number;
  channel: string;
  url: string;
  token_hash: string;
  recorded_by_id: string;
  recorded_by_email: string;
  created_at: string;
}

/** How an editor hears of new submissions. */
export interface NotificationPrefsTable {
  user_id: string;
  /** immediate | digest | none */
  mode: string;
  digest_hour: number;
  updated_at: string;
}

/** Keys of notifications already on their way (unique: each goes out once across instances). */
export interface NotificationKeyTable {
  key: string;
  created_at: string;
}

/** What the anonymous public link spent, per address (migration 0011). */
export interface PublicUsageTable {
  id: Generated<number>;
  /** interview | recording | transcription */
  kind: string;
  address: string;
  submission_id: number | null;
  /** epoch milliseconds */
  started_at: number | string;
  ended_at: number | string | null;
  seconds: Generated<number>;
  /** declared bytes of an anonymous upload (kind 'upload') */
  bytes: Generated<number | string>;
  /** epoch milliseconds: an interview slot not yet begun lapses then; null once it began */
  lapses_at: number | string | null;
  /** bytes an anonymous upload actually sent (migration 0030) */
  received_bytes?: Generated<number | string>;
  /** the tus upload an 'upload' row counts (migration 0030) */
  upload_id?: string | null;
}

/** A tenant (migration 0016); JSON columns hold text. */
export interface TenantTable {
  key: string;
  name: string;
  brand_color: string;
  logo_key: string | null;
  /** engineer | banker (engineering | banking before migration 0023) */
  wording: string;
  entry_cards: string;
  topics: string;
  /** association | company | bank */
  thanks_variant: string;
  agent_ids: string;
  public_link: number;
  /** longest video answer per question in seconds (migration 0022) */
  video_max_seconds: Generated<number>;
  builtin: number;
  /** JSON text {topic: patient | normal | quick}, null: patient (migration 0020) */
  interview_patience: string | null;
  /** The tenant's differences as data (migration 0023): JSON {upload page: surface id} */
  upload_surfaces: Generated<string>;
  file_upload_screens: Generated<number>;
  /** JSON {card: {title, text}} */
  card_texts: Generated<string>;
  /** JSON {card: icon} */
  card_icons: Generated<string>;
  /** voice | bank_voice */
  voice_variant: Generated<string>;
  announce_local_id: Generated<number>;
  /** standard | own */
  storage_keys: Generated<string>;
  transcript_save_and_continue: Generated<number>;
  /** quote | photo | name: the quote card's layout (migration 0033) */
  card_layout: Generated<string>;
  /** plain | words: how clips caption the words (migration 0033) */
  caption_style: Generated<string>;
  /** key of the shipped font cards and captions use (migration 0033) */
  media_font: Generated<string>;
  start_button_color: string | null;
  logo_text: string | null;
  footer_name: string | null;
  general_interview: Generated<number>;
  /** JSON [topic] */
  topic_intros: Generated<string>;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  /** Months an unused submission is kept (migration 0036). */
  retention_months: Generated<number>;
}

/** A user's one tenant and role in it (contributor | editor), migration 0016. */
export interface MembershipTable {
  user_id: string;
  tenant: string;
  role: string;
  created_at: string;
}

/** An existing account's invitation into a tenant, migration 0018. */
export interface MembershipInvitationTable {
  token_hash: string;
  email: string;
  tenant: string;
  role: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
}

/** Version numbers instances compare to drop a cache (name 'tenants'), migration 0016. */
export interface CacheVersionTable {
  name: string;
  version: number;
}

/** One interview of a submission: its turns as they become final (migration 0020). */
export interface InterviewTakeTable {
  id: Generated<number>;
  submission_id: number;
  number: number;
  /** builtin | elevenlabs */
  provider: string;
  conversation_id: string | null;
  /** live | interrupted | ended */
  state: string;
  transcript: Generated<string>;
  audio_media_id: number | null;
  started_at: string;
  updated_at: string;
}

/** Which question a recorded clip answers (migration 0022). */
export interface VideoAnswerTable {
  id: Generated<number>;
  submission_id: number;
  media_id: number;
  question_index: number;
  question: string;
  max_seconds: number;
  duration_seconds: number | null;
  /** pending | done | failed */
  probe: Generated<string>;
  over_long: Generated<number>;
  created_at: string;
}

export interface DB {
  campaigns: CampaignTable;
  campaign_invitees: CampaignInviteeTable;
  campaign_mails: CampaignMailTable;
  personal_links: PersonalLinkTable;
  interview_takes: InterviewTakeTable;
  video_answers: VideoAnswerTable;
  tenants: TenantTable;
  memberships: MembershipTable;
  membership_invitations: MembershipInvitationTable;
  cache_versions: CacheVersionTable;
  posts: PostTable;
  post_versions: PostVersionTable;
  post_approvals: PostApprovalTable;
  post_publications: PostPublicationTable;
  notification_prefs: NotificationPrefsTable;
  notification_keys: NotificationKeyTable;
  public_usage: PublicUsageTable;
  rate_limits: RateLimitTable;
  used_once: UsedOnceTable;
  tus_uploads: TusUploadTable;
  submission_notes: SubmissionNoteTable;
  audit_log: AuditLogTable;
  stats_user: StatsUserTable;
  stats_week: StatsWeekTable;
  user: UserTable;
  submissions: SubmissionTable;
  media: MediaTable;
  consents: ConsentTable;
  consent_texts: ConsentTextTable;
  takedown_tasks: TakedownTaskTable;
  erasure_requests: ErasureRequestTable;
  erasure_log: ErasureLogTable;
  content_items: ContentItemTable;
  jobs: JobTable;
  outbox: OutboxTable;
}
