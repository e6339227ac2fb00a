import type { Role } from './roles';
import { texts } from './texts';
import type { SurfaceId, UploadPage } from './upload-rules';

export type TenantKey = 'vdi' | 'firma_a' | 'firma_b' | 'bank' | 'testnormec';
export const tenantKeys: readonly TenantKey[] = ['vdi', 'firma_a', 'firma_b', 'bank', 'testnormec'];

export type InterviewTopic = 'engineering-path' | 'behind-scenes' | 'tech-dive' | 'free-topic';
export const interviewTopics: readonly InterviewTopic[] = [
  'engineering-path',
  'behind-scenes',
  'tech-dive',
  'free-topic',
];

/** Pages a tenant's contributors can reach; each tenant lists which of them it offers. */
export const entryCards = [
  'content-selection',
  'interview-category',
  'voice-message',
  'upload',
  'image-upload',
  'document-upload',
  'document-image-upload',
  'video-answer',
] as const;
export type EntryCard = (typeof entryCards)[number];

/** A start-page card's own icon (the web maps the name to its icon). */
export const cardIcons = ['file-text', 'file-stack', 'file-image'] as const;
export type CardIcon = (typeof cardIcons)[number];

/**
 * How a tenant's pages differ from the association's, as data: code reads these fields and never
 * compares tenant keys.
 */
export type TenantStyle = {
  /** Upload surfaces (formats, counts, sizes) that replace the standard one of a page. */
  uploadSurfaces: Partial<Record<UploadPage, SurfaceId>>;
  /** Upload pages are plain file drops for the editors: own titles, the surface's limits stated, contact page next. */
  fileUploadScreens: boolean;
  /** Start-page cards with their own title and text (instead of texts.nav.cards). */
  cardTexts: Partial<Record<EntryCard, { title: string; text: string }>>;
  /** Start-page cards with their own icon. */
  cardIcons: Partial<Record<EntryCard, CardIcon>>;
  /** Word in a voice message's Content-ID while it is local. */
  voiceVariant: 'voice' | 'bank_voice';
  /** The contributor is told when the Content-ID is only local (server unreachable). */
  announceLocalId: boolean;
  /** The browser keeps this tenant's interview id and transcript under keys of its own. */
  ownStorageKeys: boolean;
  /** The transcript editor saves and goes on ("Speichern und weiter"); back leads to the voice message. */
  transcriptSaveAndContinue: boolean;
  /** The admin pages call the tenant by this label while its name is the seed's. */
  areaLabel?: string;
};

/** The colour of a page that wears no tenant's brand (no row, or a link outside the tenant's pages). */
export const NEUTRAL_BRAND_COLOR = '#374151';

/** The association's pages: every tenant's unless its row says otherwise. */
export const standardStyle: TenantStyle = {
  uploadSurfaces: {},
  fileUploadScreens: false,
  cardTexts: {},
  cardIcons: {},
  voiceVariant: 'voice',
  announceLocalId: true,
  ownStorageKeys: false,
  transcriptSaveAndContinue: false,
};

/** The bank's pages (the spec's second document): documents and single photos, its own card texts. */
export const bankStyle: TenantStyle = {
  uploadSurfaces: {
    upload: 'bank-upload',
    'image-upload': 'bank-image',
    'document-upload': 'bank-documents',
    'document-image-upload': 'bank-document-images',
    'image-upload-after-voice': 'bank-after-voice',
  },
  fileUploadScreens: true,
  cardTexts: texts.nav.bankCards,
  cardIcons: { upload: 'file-text', 'document-upload': 'file-stack', 'document-image-upload': 'file-image' },
  voiceVariant: 'bank_voice',
  announceLocalId: false,
  ownStorageKeys: true,
  transcriptSaveAndContinue: true,
};

/** The one wording vocabulary of the interview topics, plans and posts (texts.nav.topics, texts.interview.plans). */
export const tenantWordings = ['engineer', 'banker'] as const;
export type Wording = (typeof tenantWordings)[number];
/** The thank-you and contact wording of a tenant (the bank's also has its own form rules). */
export const thanksVariants = ['association', 'company', 'bank'] as const;
export type ThanksVariant = (typeof thanksVariants)[number];

/** What the pages read of a tenant row (common/schemas/tenants.ts TenantInfo is one). */
export type TenantRow = {
  key: string;
  name: string;
  brandColor: string;
  wording: Wording;
  entryCards: readonly string[];
  topics: readonly InterviewTopic[];
  thanksVariant: ThanksVariant;
  agentIds: Partial<Record<string, string>>;
  videoMaxSeconds: number;
  logoUrl: string | null;
  /** null: the brand colour. */
  startButtonColor: string | null;
  /** null: the name's initial. */
  logoText: string | null;
  /** null: the name. */
  footerName: string | null;
  generalInterview: boolean;
  topicIntros: readonly InterviewTopic[];
  style: TenantStyle;
};

/** The page's tenant: its row, with the paths of its routes (signed in or through the public link). */
export type Tenant = {
  key: TenantKey;
  /** Role whose users belong to this tenant. */
  role: Role;
  /** Roles allowed into the tenant's area (the spec's route table). */
  allowedRoles: readonly Role[];
  /** Route prefix of the tenant's flows: '' for the association. */
  basePath: string;
  /** Where the tenant's dashboard lives. */
  homePath: string;
  name: string;
  /** Wording of the interview topics. */
  wording: Wording;
  /** Cards on the tenant dashboard. */
  dashboardCards: readonly EntryCard[];
  /** Cards on the tenant's content selection page. */
  contentSelectionCards: readonly EntryCard[];
  /** Brand colour (CSS colour) used for primary actions. */
  brandColor: string;
  /** Colour of the voice interview start button (the bank's is red). */
  startButtonColor: string;
  /** Text shown in the logo tile. */
  logoText: string;
  /** Name in the page footer (the spec: year and association name). */
  footerName: string;
  /** Per-topic ElevenLabs agent ids; empty means the built-in agent. */
  agentIds: Partial<Record<string, string>>;
  /** A general interview beside the topics (the bank's). */
  hasGeneralInterview: boolean;
  /** Interview topics that first show a short category intro (texts.interview.categoryIntros) before the instructions. */
  topicIntros: readonly InterviewTopic[];
  /** Set on the tenant as seen through its anonymous public link (/p/<slug>/…): no account, no roles. (The row's `publicLink` is the setting.) */
  viaPublicLink?: boolean;
  /** The uploaded logo, shown instead of logoText. */
  logoUrl?: string | null;
  /** Interview topics offered. */
  topics: readonly InterviewTopic[];
  /** The thank-you and contact wording (and the bank's form rules). */
  thanksVariant: ThanksVariant;
  /** Longest video answer per question in seconds. */
  videoMaxSeconds?: number;
  /** How its pages differ from the association's. */
  style: TenantStyle;
};

/** What the seed's routes need of its tenants (the rest is their rows). */
type SeedRoute = Pick<Tenant, 'role' | 'allowedRoles' | 'basePath' | 'homePath'> & { areaLabel?: string };
const seedRoutes: Record<TenantKey, SeedRoute> = {
  vdi: {
    role: 'vdi_admin',
    allowedRoles: ['admin', 'vdi_admin'],
    basePath: '',
    homePath: '/content-selection',
    areaLabel: texts.admin.associationArea,
  },
  firma_a: { role: 'firma_a', allowedRoles: ['firma_a', 'admin'], basePath: '/firma-a', homePath: '/firma-a' },
  firma_b: { role: 'firma_b', allowedRoles: ['firma_b', 'admin'], basePath: '/firma-b', homePath: '/firma-b' },
  bank: { role: 'bank', allowedRoles: ['bank', 'admin'], basePath: '/bank', homePath: '/bank' },
  testnormec: {
    role: 'testnormec',
    allowedRoles: ['testnormec', 'admin'],
    basePath: '/testnormec',
    homePath: '/testnormec',
  },
};

/** Cards of the content selection page (the video answer where the row offers it). */
const selectionCards: readonly EntryCard[] = [
  'interview-category',
  'voice-message',
  'image-upload',
  'document-upload',
  'document-image-upload',
  'upload',
];

/** What a tenant's public link offers, in the order of its start page (its poster names the same). */
export type PublicFlow = 'interview-category' | 'voice-message' | 'video-answer' | 'upload';
export function publicFlows(entryCards: readonly string[]): PublicFlow[] {
  const video: PublicFlow[] = entryCards.includes('video-answer') ? ['video-answer'] : [];
  return ['interview-category', 'voice-message', ...video, 'upload'];
}

export function isTenantKey(value: unknown): value is TenantKey {
  return typeof value === 'string' && (tenantKeys as readonly string[]).includes(value);
}

/** Where the pages of a tenant an admin created live: /t/<key> (server/tenants). */
export const tenantBase = (key: string): string => `/t/${key}`;

/** The public link's path word of a tenant: vdi, firma-a, firma-b, bank, testnormec, or a created tenant's key. */
export const publicSlug = (tenant: Pick<Tenant, 'key'>): string => tenant.key.replace('_', '-');

/**
 * The page's tenant, built from its row: the one way the pages get a tenant. The seed's tenants
 * keep their routes (/bank, …), others live under /t/<key>; `viaPublicLink`: as the anonymous
 * public link shows it, below /p/<slug>.
 */
export function tenantView(
  row: TenantRow,
  { viaPublicLink = false, basePath }: { viaPublicLink?: boolean; basePath?: string } = {},
): Tenant {
  const own = isTenantKey(row.key) ? seedRoutes[row.key] : undefined;
  const route: SeedRoute = own ?? {
    role: 'admin',
    allowedRoles: ['admin'],
    basePath: tenantBase(row.key),
    homePath: tenantBase(row.key),
  };
  // A personal link (/e/<code>) keeps its own path: its pages are the public link's, for one person.
  const publicBase = basePath ?? `/p/${publicSlug(row as Pick<Tenant, 'key'>)}`;
  const cards = row.entryCards as EntryCard[];
  return {
    key: row.key as TenantKey,
    role: route.role,
    allowedRoles: route.allowedRoles,
    basePath: viaPublicLink ? publicBase : route.basePath,
    homePath: viaPublicLink ? publicBase : route.homePath,
    name: row.name,
    wording: row.wording,
    dashboardCards: cards,
    contentSelectionCards: cards.includes('video-answer') ? [...selectionCards, 'video-answer'] : selectionCards,
    brandColor: row.brandColor,
    startButtonColor: row.startButtonColor ?? row.brandColor,
    logoText: row.logoText ?? row.name.slice(0, 1).toUpperCase(),
    footerName: row.footerName ?? row.name,
    agentIds: row.agentIds,
    hasGeneralInterview: row.generalInterview,
    topicIntros: row.topicIntros,
    ...(viaPublicLink ? { viaPublicLink } : {}),
    logoUrl: row.logoUrl,
    topics: row.topics,
    thanksVariant: row.thanksVariant,
    videoMaxSeconds: row.videoMaxSeconds,
    style: route.areaLabel ? { ...row.style, areaLabel: route.areaLabel } : row.style,
  };
}

/** A seed row as migrations 0016 and 0023 write it. */
const seedRow = (
  row: Partial<TenantRow> & Pick<TenantRow, 'key' | 'name' | 'brandColor' | 'entryCards'>,
): TenantRow => ({
  wording: 'engineer',
  topics: interviewTopics,
  thanksVariant: 'company',
  agentIds: {},
  videoMaxSeconds: 90,
  logoUrl: null,
  startButtonColor: null,
  logoText: null,
  footerName: null,
  generalInterview: false,
  topicIntros: [],
  style: standardStyle,
  ...row,
});

/** The seed's rows as the migrations write them: the pages show them until the database's row is loaded. */
export const seedRows: Record<TenantKey, TenantRow> = {
  vdi: seedRow({
    key: 'vdi',
    name: 'VDI',
    brandColor: '#005ea8',
    entryCards: ['interview-category', 'voice-message', 'document-upload'],
    thanksVariant: 'association',
    logoText: 'VDI',
    footerName: 'VDI Verein Deutscher Ingenieure',
  }),
  firma_a: seedRow({
    key: 'firma_a',
    name: 'Firma A',
    brandColor: '#0f766e',
    entryCards: ['content-selection', 'interview-category', 'voice-message', 'upload'],
    logoText: 'A',
  }),
  firma_b: seedRow({
    key: 'firma_b',
    name: 'Firma B',
    brandColor: '#6d28d9',
    entryCards: ['content-selection', 'interview-category', 'voice-message', 'image-upload', 'document-upload'],
    logoText: 'B',
  }),
  bank: seedRow({
    key: 'bank',
    name: 'Bank',
    brandColor: '#b91c1c',
    wording: 'banker',
    entryCards: ['interview-category', 'voice-message', 'upload'],
    thanksVariant: 'bank',
    logoText: 'Bank',
    startButtonColor: '#dc2626',
    generalInterview: true,
    topicIntros: ['behind-scenes', 'engineering-path', 'tech-dive'],
    style: bankStyle,
  }),
  testnormec: seedRow({
    key: 'testnormec',
    name: 'Testnormec',
    brandColor: '#374151',
    entryCards: ['content-selection', 'interview-category', 'voice-message', 'upload'],
    logoText: 'T',
  }),
};

/** The seed's tenants as their unedited rows show them. */
export const tenants = Object.fromEntries(tenantKeys.map((key) => [key, tenantView(seedRows[key])])) as Record<
  TenantKey,
  Tenant
>;

export function tenantForRole(role: Role | null): Tenant {
  const own = Object.values(tenants).find((t) => t.role === role);
  return own ?? tenants.vdi;
}

/** The seed tenant of a public link's path word, or null. */
export function tenantOfPublicSlug(slug: string | undefined): Tenant | null {
  return Object.values(tenants).find((t) => t.key === slug || publicSlug(t) === slug) ?? null;
}

/** Path of a tenant flow page: tenantPath(bank, 'voice-message') = '/bank/voice-message'. */
export function tenantPath(tenant: Tenant, page: string): string {
  return `${tenant.basePath}/${page}`;
}

export function canEnterTenant(role: Role | null, tenant: Tenant): boolean {
  return role !== null && tenant.allowedRoles.includes(role);
}

/** The "Vorlage" of /admin/bereiche: fills a tenant's fields like one of the seed's (the admin edits them further). */
export const tenantProfiles = ['association', 'company', 'bank'] as const;
export type TenantProfile = (typeof tenantProfiles)[number];
type ProfileFields = Pick<
  TenantRow,
  'wording' | 'thanksVariant' | 'entryCards' | 'startButtonColor' | 'generalInterview' | 'topicIntros' | 'style'
>;
const profileOf = (row: TenantRow): ProfileFields => ({
  wording: row.wording,
  thanksVariant: row.thanksVariant,
  entryCards: row.entryCards,
  startButtonColor: row.startButtonColor,
  generalInterview: row.generalInterview,
  topicIntros: row.topicIntros,
  style: row.style,
});
/** Each profile: the fields of the seed tenant it copies (the association, a company, the bank). */
export const profileFields: Record<TenantProfile, ProfileFields> = {
  association: profileOf(seedRows.vdi),
  company: { ...profileOf(seedRows.firma_a), entryCards: ['interview-category', 'voice-message', 'upload'] },
  bank: profileOf(seedRows.bank),
};
