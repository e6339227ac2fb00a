import type { Kysely } from 'kysely';
import { fileTypeFromBuffer } from 'file-type';
import type { MembershipRole, NewTenant, TenantSettings } from '../../common/schemas/tenants';
import type { TenantListItem } from '../../common/contracts/tenants';
import { texts } from '../../common/texts';
import { lastWeeks, tenantTotals, topUsers, weeklySubmissions, writeAudit } from '../admin';
import { isUniqueViolation } from '../db/unique';
import { createUser, sendInvitation, type SessionUser, type WithAuth } from '../auth';
import { now } from '../db/database';
import type { DB } from '../db/schema';
import { DomainError } from '../http/errors';
import { STATISTICS_WEEKS } from '../../common/schemas/admin';
import type { TenantStatistics } from '../../common/contracts/admin';
import { seedMembership } from './access';
import { insertMembership } from './members';
import { bumpTenantVersion, toTenantInfo } from './registry';
import type { Role } from '../../common/roles';
import { ignoreFailure } from '../../common/best-effort';
import type { Deps } from '../deps';
import type { WithTenants } from './registry';

/** What this file's services use (server/deps.ts). */
type ServiceDeps = Pick<Deps, 'blobs' | 'config' | 'db' | 'log' | 'mailer'> & WithTenants & WithAuth;

const t = texts.tenants;
type Actor = Pick<SessionUser, 'id' | 'email'> | null;

const settingsColumns = (s: TenantSettings) => ({
  name: s.name,
  brand_color: s.brandColor,
  wording: s.wording,
  entry_cards: JSON.stringify(s.entryCards),
  topics: JSON.stringify(s.topics),
  thanks_variant: s.thanksVariant,
  agent_ids: JSON.stringify(s.agentIds),
  interview_patience: JSON.stringify(s.interviewPatience ?? {}),
  public_link: s.publicLink ? 1 : 0,
  video_max_seconds: s.videoMaxSeconds,
  start_button_color: s.startButtonColor,
  logo_text: s.logoText,
  footer_name: s.footerName,
  general_interview: s.generalInterview ? 1 : 0,
  topic_intros: JSON.stringify(s.topicIntros),
  upload_surfaces: JSON.stringify(s.style.uploadSurfaces),
  file_upload_screens: s.style.fileUploadScreens ? 1 : 0,
  card_texts: JSON.stringify(s.style.cardTexts),
  card_icons: JSON.stringify(s.style.cardIcons),
  voice_variant: s.style.voiceVariant,
  announce_local_id: s.style.announceLocalId ? 1 : 0,
  storage_keys: s.style.ownStorageKeys ? 'own' : 'standard',
  transcript_save_and_continue: s.style.transcriptSaveAndContinue ? 1 : 0,
  card_layout: s.media.cardLayout,
  caption_style: s.media.captionStyle,
  media_font: s.media.font,
});

/** Every tenant with its counts (submissions from the trigger-kept statistics, members stored and by seed role). */
export async function listTenants(db: Kysely<DB>): Promise<TenantListItem[]> {
  const [rows, stats, members, seedRoles] = await Promise.all([
    db.selectFrom('tenants').selectAll().orderBy('builtin', 'desc').orderBy('name').execute(),
    db
      .selectFrom('stats_user')
      .select(['tenant', (eb) => eb.fn.sum<number>('submissions').as('n')])
      .groupBy('tenant')
      .execute(),
    db
      .selectFrom('memberships')
      .select(['tenant', 'role', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['tenant', 'role'])
      .execute(),
    // The seed's role holders without a stored membership count for their tenant.
    db
      .selectFrom('user')
      .leftJoin('memberships', 'memberships.user_id', 'user.id')
      .where('memberships.user_id', 'is', null)
      .select(['user.role', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('user.role')
      .execute(),
  ]);
  for (const r of seedRoles) {
    const seed = seedMembership[r.role as Role];
    if (seed) members.push({ tenant: seed.tenant, role: seed.role, n: r.n });
  }
  return rows.map((row) => {
    const count = (role: string) =>
      members.filter((m) => m.tenant === row.key && m.role === role).reduce((sum, m) => sum + Number(m.n), 0);
    return {
      ...toTenantInfo(row),
      submissions: Number(stats.find((s) => s.tenant === row.key)?.n ?? 0),
      contributors: count('contributor'),
      editors: count('editor'),
    };
  });
}

export async function createTenant(deps: ServiceDeps, actor: Actor, input: NewTenant) {
  const at = now();
  await insertTenant(deps, actor, input, at).catch((error: unknown) => {
    // Two admins creating the same key at once: the second meets the primary key.
    if (isUniqueViolation(error)) throw new DomainError('conflict', t.keyTaken);
    throw error;
  });
  deps.tenantRegistry.invalidate();
  return (await deps.tenantRegistry.fresh()).get(input.key)!;
}

async function insertTenant(deps: ServiceDeps, actor: Actor, input: NewTenant, at: string) {
  await deps.db.transaction().execute(async (trx) => {
    const exists = await trx.selectFrom('tenants').select('key').where('key', '=', input.key).executeTakeFirst();
    if (exists) throw new DomainError('conflict', t.keyTaken);
    await trx
      .insertInto('tenants')
      .values({
        key: input.key,
        ...settingsColumns(input),
        logo_key: null,
        builtin: 0,
        archived_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await bumpTenantVersion(trx);
    await writeAudit(trx, actor, {
      action: 'tenant.create',
      target: `tenant:${input.key}`,
      tenant: input.key,
      detail: { name: input.name },
    });
  });
}

async function existing(db: Kysely<DB>, key: string) {
  const row = await db.selectFrom('tenants').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row) throw new DomainError('not_found', t.notFound);
  return row;
}

export async function updateTenant(deps: ServiceDeps, actor: Actor, key: string, input: TenantSettings) {
  await deps.db.transaction().execute(async (trx) => {
    await existing(trx, key);
    await trx
      .updateTable('tenants')
      .set({ ...settingsColumns(input), updated_at: now() })
      .where('key', '=', key)
      .execute();
    await bumpTenantVersion(trx);
    await writeAudit(trx, actor, {
      action: 'tenant.update',
      target: `tenant:${key}`,
      tenant: key,
      detail: { name: input.name },
    });
  });
  deps.tenantRegistry.invalidate();
  return (await deps.tenantRegistry.fresh()).get(key)!;
}

export async function archiveTenant(deps: ServiceDeps, actor: Actor, key: string, archived: boolean) {
  await deps.db.transaction().execute(async (trx) => {
    await existing(trx, key);
    const at = now();
    await trx
      .updateTable('tenants')
      .set({ archived_at: archived ? at : null, updated_at: at })
      .where('key', '=', key)
      .execute();
    await bumpTenantVersion(trx);
    await writeAudit(trx, actor, {
      action: archived ? 'tenant.archive' : 'tenant.unarchive',
      target: `tenant:${key}`,
      tenant: key,
    });
  });
  deps.tenantRegistry.invalidate();
  return (await deps.tenantRegistry.fresh()).get(key)!;
}

/**
 * Deletes a tenant for good, with its submissions and their files, memberships and logo. The
 * seed's tenants stay (their routes are part of the specification). The typed key confirms.
 */
export async function deleteTenant(
  deps: ServiceDeps,
  actor: Actor,
  key: string,
  confirmKey: string,
): Promise<{ submissions: number; files: number }> {
  const row = await existing(deps.db, key);
  if (row.builtin) throw new DomainError('conflict', t.builtinNoDelete);
  if (confirmKey !== key) throw new DomainError('invalid', t.deleteMismatch);
  // Files first: a failure leaves rows to retry rather than files nobody can find.
  const media = await deps.db
    .selectFrom('media')
    .innerJoin('submissions', 'submissions.id', 'media.submission_id')
    .select(['media.file_path', 'media.thumbnail_path'])
    .where('submissions.tenant', '=', key)
    .execute();
  for (const m of media) {
    await deps.blobs.delete(m.file_path);
    if (m.thumbnail_path) await deps.blobs.delete(m.thumbnail_path);
  }
  if (row.logo_key) await deps.blobs.delete(row.logo_key);
  let submissions = 0;
  await deps.db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('submissions').where('tenant', '=', key).executeTakeFirst();
    submissions = Number(deleted.numDeletedRows);
    await trx.deleteFrom('memberships').where('tenant', '=', key).execute();
    await trx.deleteFrom('stats_user').where('tenant', '=', key).execute();
    await trx.deleteFrom('stats_week').where('tenant', '=', key).execute();
    await trx.deleteFrom('tenants').where('key', '=', key).execute();
    await bumpTenantVersion(trx);
    await writeAudit(trx, actor, {
      action: 'tenant.delete',
      target: `tenant:${key}`,
      tenant: key,
      detail: { name: row.name, submissions, files: media.length },
    });
  });
  deps.tenantRegistry.invalidate();
  return { submissions, files: media.length };
}

const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** Stores a PNG or WebP logo, resized to fit 512×128 with sharp; SVG (scripts) is refused. */
export async function setLogo(deps: ServiceDeps, actor: Actor, key: string, bytes: Buffer): Promise<void> {
  const row = await existing(deps.db, key);
  if (bytes.length > LOGO_MAX_BYTES) throw new DomainError('too_large', t.logoTooLarge);
  const head = bytes.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  if (head.startsWith('<svg') || head.startsWith('<?xml') || head.includes('<svg'))
    throw new DomainError('unsupported_type', t.logoSvg);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !['image/png', 'image/webp'].includes(type.mime)) throw new DomainError('unsupported_type', t.logoType);
  const { default: sharp } = await import('sharp');
  let resized: Buffer;
  try {
    resized = await sharp(bytes)
      .resize({ width: 512, height: 128, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
  } catch {
    throw new DomainError('unsupported_type', t.logoType);
  }
  const blobKey = `tenants/${key}/logo-${Date.now()}.webp`;
  await deps.blobs.put(blobKey, resized, { contentType: 'image/webp' });
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('tenants').set({ logo_key: blobKey, updated_at: now() }).where('key', '=', key).execute();
    await bumpTenantVersion(trx);
    await writeAudit(trx, actor, {
      action: 'tenant.logo',
      target: `tenant:${key}`,
      tenant: key,
      detail: { bytes: resized.length },
    });
  });
  if (row.logo_key) await deps.blobs.delete(row.logo_key).catch(ignoreFailure('remove the old logo', deps.log));
  deps.tenantRegistry.invalidate();
}

/**
 * Creates an account in a tenant (CLI and tests): a new address only — an existing account joins
 * a tenant only by accepting an invitation (members.ts). Without `password` it gets a mail to set one.
 */
export async function addMember(
  deps: ServiceDeps,
  actor: Actor,
  tenant: string,
  input: { email: string; role: MembershipRole; password?: string; invite?: boolean },
): Promise<{ id: string; email: string; created: boolean }> {
  const row = await existing(deps.db, tenant);
  if (row.archived_at) throw new DomainError('forbidden', t.archivedNoInvite);
  const email = input.email.trim().toLowerCase();
  if (await deps.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst())
    throw new DomainError('conflict', t.alreadyMember);
  let made: { id: string; email: string };
  try {
    made = await createUser(deps.auth, { email, password: input.password, role: null });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', t.alreadyMember);
    throw error;
  }
  const user = { id: made.id, email: made.email };
  const created = true;
  await deps.db
    .transaction()
    .execute((trx) => insertMembership(trx, actor, { userId: user.id, email, tenant, role: input.role }));
  if (created && input.invite !== false && !input.password) await sendInvitation(deps, user);
  return { id: user.id, email: user.email, created };
}

/** One tenant's statistics (the admin dashboard's figures, counted for that tenant only in SQL). */
export async function tenantStatistics(
  db: Kysely<DB>,
  tenant: string,
  today = new Date(),
): Promise<TenantStatistics & { weekly: { week: string; submissions: number }[] }> {
  const weeks = lastWeeks(STATISTICS_WEEKS, today);
  const scope = [tenant];
  const [totals, top, weekly] = await Promise.all([
    tenantTotals(db, scope),
    topUsers(db, 3, scope),
    weeklySubmissions(db, weeks[0]!, scope),
  ]);
  const total = totals[0];
  return {
    tenant: tenant as TenantStatistics['tenant'],
    totalInterviews: Number(total?.submissions ?? 0),
    totalMediaUploads: Number(total?.media ?? 0),
    activeUsers: Number(total?.active_users ?? 0),
    topUsers: top.map((u) => ({
      userId: u.user_key,
      userEmail: u.user_email,
      interviewsCount: Number(u.submissions),
      mediaUploadsCount: Number(u.media),
      lastActivity: u.last_activity,
    })),
    weekly: weeks.map((week) => ({ week, submissions: Number(weekly.find((w) => w.week === week)?.submissions ?? 0) })),
  };
}
