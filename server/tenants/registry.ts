import type { Kysely, Selectable } from 'kysely';
import type { MembershipRole } from '../../common/schemas/tenants';
import type { TenantBrand, TenantInfo } from '../../common/contracts/tenants';
import { formVariantOf, type FormVariant } from '../../common/finish-rules';
import {
  isTenantKey,
  NEUTRAL_BRAND_COLOR,
  tenantKeys,
  tenants as seedTenants,
  type TenantKey,
} from '../../common/tenants';
import type { DB, TenantTable } from '../db/schema';
import { VIDEO_ANSWER_DEFAULT_SECONDS } from '../../common/video-answers';
import { mediaTemplateOf } from '../../common/media-template';

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function toTenantInfo(row: Selectable<TenantTable>): TenantInfo {
  return {
    key: row.key,
    name: row.name,
    brandColor: row.brand_color,
    wording: row.wording as TenantInfo['wording'],
    entryCards: parse(row.entry_cards, []),
    topics: parse(row.topics, []),
    thanksVariant: row.thanks_variant as TenantInfo['thanksVariant'],
    agentIds: parse(row.agent_ids, {}),
    interviewPatience: parse(row.interview_patience ?? '{}', {}),
    publicLink: !!Number(row.public_link),
    videoMaxSeconds: Number(row.video_max_seconds ?? VIDEO_ANSWER_DEFAULT_SECONDS),
    startButtonColor: row.start_button_color,
    logoText: row.logo_text,
    footerName: row.footer_name,
    generalInterview: !!Number(row.general_interview),
    topicIntros: parse(row.topic_intros, []),
    style: {
      uploadSurfaces: parse(row.upload_surfaces, {}),
      fileUploadScreens: !!Number(row.file_upload_screens),
      cardTexts: parse(row.card_texts, {}),
      cardIcons: parse(row.card_icons, {}),
      voiceVariant: row.voice_variant === 'bank_voice' ? 'bank_voice' : 'voice',
      announceLocalId: !!Number(row.announce_local_id),
      ownStorageKeys: row.storage_keys === 'own',
      transcriptSaveAndContinue: !!Number(row.transcript_save_and_continue),
    },
    media: mediaTemplateOf(row),
    builtin: !!Number(row.builtin),
    logoUrl: row.logo_key ? `/api/tenants/${row.key}/logo?v=${encodeURIComponent(row.updated_at)}` : null,
    archivedAt: row.archived_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Raises the tenants' version, so every instance reloads its cache (call in the writing transaction). */
export async function bumpTenantVersion(db: Kysely<DB>): Promise<void> {
  await db
    .updateTable('cache_versions')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('name', '=', 'tenants')
    .execute();
}

/**
 * The tenant rows, cached per instance. Before use, `fresh()` compares the version number in the
 * database (at most once per `checkMs`), so a tenant created on any instance works on all of them
 * within that time; the instance that wrote calls `invalidate()` and sees it at once.
 */
export class TenantRegistry {
  private byKey = new Map<string, TenantInfo>();
  private logoKeys = new Map<string, string | null>();
  private version = -1;
  private checkedAt = 0;
  private pending: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly checkMs = 1000,
  ) {}

  invalidate(): void {
    this.checkedAt = 0;
    this.version = -1;
  }

  async fresh(): Promise<this> {
    if (Date.now() - this.checkedAt < this.checkMs && this.version >= 0) return this;
    this.pending ??= this.check().finally(() => {
      this.pending = null;
    });
    await this.pending;
    return this;
  }

  private async check(): Promise<void> {
    const row = await this.db
      .selectFrom('cache_versions')
      .select('version')
      .where('name', '=', 'tenants')
      .executeTakeFirst();
    const version = Number(row?.version ?? 0);
    if (version !== this.version) {
      const rows = await this.db.selectFrom('tenants').selectAll().orderBy('builtin', 'desc').orderBy('name').execute();
      this.byKey = new Map(rows.map((r) => [r.key, toTenantInfo(r)]));
      this.logoKeys = new Map(rows.map((r) => [r.key, r.logo_key]));
      this.version = version;
    }
    this.checkedAt = Date.now();
  }

  get(key: string): TenantInfo | null {
    return this.byKey.get(key) ?? null;
  }

  /** A tenant's name for mails, exports and lists: the row's (edits included), else the seed's, else the key. */
  displayName(key: string): string {
    return this.get(key)?.name ?? seedTenants[key as TenantKey]?.name ?? key;
  }

  /** The brand of a page outside the tenant's own (approval link, own page); no tenant: neutral, unnamed. */
  brand(key: string | null): TenantBrand {
    const row = key ? this.get(key) : null;
    return {
      name: key ? this.displayName(key) : '',
      brandColor: row?.brandColor ?? NEUTRAL_BRAND_COLOR,
      logoUrl: row?.logoUrl ?? null,
    };
  }

  logoKey(key: string): string | null {
    return this.logoKeys.get(key) ?? null;
  }

  all(): TenantInfo[] {
    return [...this.byKey.values()];
  }

  /** The seed's keys in their fixed order, then the created tenants' (archived included). */
  orderedKeys(): string[] {
    return [...tenantKeys, ...this.keys().filter((k) => !isTenantKey(k))];
  }

  /** The rules and wording of a tenant's contact forms: its row's thank-you variant (bank = the bank's rules). */
  formVariant(key: string): FormVariant {
    return formVariantOf(this.get(key)?.thanksVariant);
  }

  /** A tenant's upload surfaces per page (its row; none: the standard ones). */
  uploadSurfaces(key: string): TenantInfo['style']['uploadSurfaces'] {
    return this.get(key)?.style.uploadSurfaces ?? {};
  }

  /** Every tenant key (archived ones included: their data stays visible to editors). */
  keys(): string[] {
    return [...this.byKey.keys()];
  }
}

export type { MembershipRole };

/** The part of the deps that reads tenant rows (server/deps.ts). */
export type WithTenants = { tenantRegistry: TenantRegistry };

declare module 'fastify' {
  interface FastifyInstance {
    /** The tenant rows, cached with cross-instance invalidation (server/tenants/registry.ts). */
    tenantRegistry: TenantRegistry;
  }
}
