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
export type EntryCard =
  | 'content-selection'
  | 'interview-category'
  | 'voice-message'
  | 'upload'
  | 'image-upload'
  | 'document-upload'
  | 'document-image-upload'
  | 'video-answer';

/** A start-page card's own icon (the web maps the name to its icon). */
export type CardIcon = 'file-text' | 'file-stack' | 'file-image';

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
  /** Short name used in the texts ("VDI", "Bank"). */
  shortName: string;
  /** 'engineer' or 'banker' wording of the interview topics. */
  wording: 'engineer' | 'banker';
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
  agentIds: Partial<Record<InterviewTopic | 'general' | 'image', string>>;
  /** The bank offers a general interview beside the four topics. */
  hasGeneralInterview: boolean;
  /** Interview topics that first show a short category intro (texts.interview.categoryIntros) before the instructions. */
  topicIntros: readonly InterviewTopic[];
  /** Set on the tenant as seen through its anonymous public link (/p/<slug>/…): no account, no roles. (The row's `publicLink` is the setting.) */
  viaPublicLink?: boolean;
  /** Tenants an admin created (server/tenants): the uploaded logo, shown instead of logoText. */
  logoUrl?: string | null;
  /** Interview topics offered (all four when absent). */
  topics?: readonly InterviewTopic[];
  /** Tenants an admin created: the stored thank-you and contact wording (the seed's own is fixed). */
  thanksVariant?: 'association' | 'company' | 'bank';
  /** Longest video answer per question in seconds (tenant row; default VIDEO_ANSWER_DEFAULT_SECONDS). */
  videoMaxSeconds?: number;
  /** How its pages differ from the association's. */
  style: TenantStyle;
};

const allSix: readonly EntryCard[] = [
  'interview-category',
  'voice-message',
  'image-upload',
  'document-upload',
  'document-image-upload',
  'upload',
];

export const tenants: Record<TenantKey, Tenant> = {
  vdi: {
    key: 'vdi',
    role: 'vdi_admin',
    allowedRoles: ['admin', 'vdi_admin'],
    basePath: '',
    homePath: '/content-selection',
    name: 'VDI',
    shortName: 'VDI',
    wording: 'engineer',
    dashboardCards: ['interview-category', 'voice-message', 'document-upload'],
    contentSelectionCards: allSix,
    brandColor: '#005ea8',
    startButtonColor: '#005ea8',
    logoText: 'VDI',
    footerName: 'VDI Verein Deutscher Ingenieure',
    agentIds: {},
    hasGeneralInterview: false,
    topicIntros: [],
    style: { ...standardStyle, areaLabel: texts.admin.associationArea },
  },
  firma_a: {
    key: 'firma_a',
    role: 'firma_a',
    allowedRoles: ['firma_a', 'admin'],
    basePath: '/firma-a',
    homePath: '/firma-a',
    name: 'Firma A',
    shortName: 'Firma A',
    wording: 'engineer',
    dashboardCards: ['content-selection', 'interview-category', 'voice-message', 'upload'],
    contentSelectionCards: allSix,
    brandColor: '#0f766e',
    startButtonColor: '#0f766e',
    logoText: 'A',
    footerName: 'Firma A',
    agentIds: {},
    hasGeneralInterview: false,
    topicIntros: [],
    style: standardStyle,
  },
  firma_b: {
    key: 'firma_b',
    role: 'firma_b',
    allowedRoles: ['firma_b', 'admin'],
    basePath: '/firma-b',
    homePath: '/firma-b',
    name: 'Firma B',
    shortName: 'Firma B',
    wording: 'engineer',
    dashboardCards: ['content-selection', 'interview-category', 'voice-message', 'image-upload', 'document-upload'],
    contentSelectionCards: allSix,
    brandColor: '#6d28d9',
    startButtonColor: '#6d28d9',
    logoText: 'B',
    footerName: 'Firma B',
    agentIds: {},
    hasGeneralInterview: false,
    topicIntros: [],
    style: standardStyle,
  },
  bank: {
    key: 'bank',
    role: 'bank',
    allowedRoles: ['bank', 'admin'],
    basePath: '/bank',
    homePath: '/bank',
    name: 'Bank',
    shortName: 'Bank',
    wording: 'banker',
    dashboardCards: ['interview-category', 'voice-message', 'upload'],
    contentSelectionCards: allSix,
    brandColor: '#b91c1c',
    startButtonColor: '#dc2626',
    logoText: 'Bank',
    footerName: 'Bank',
    agentIds: {},
    hasGeneralInterview: true,
    topicIntros: ['behind-scenes', 'engineering-path', 'tech-dive'],
    style: bankStyle,
  },
  testnormec: {
    key: 'testnormec',
    role: 'testnormec',
    allowedRoles: ['testnormec', 'admin'],
    basePath: '/testnormec',
    homePath: '/testnormec',
    name: 'Testnormec',
    shortName: 'Testnormec',
    wording: 'engineer',
    dashboardCards: ['content-selection', 'interview-category', 'voice-message', 'upload'],
    contentSelectionCards: allSix,
    brandColor: '#374151',
    startButtonColor: '#374151',
    logoText: 'T',
    footerName: 'Testnormec',
    agentIds: {},
    hasGeneralInterview: false,
    topicIntros: [],
    style: standardStyle,
  },
};

export function tenantForRole(role: Role | null): Tenant {
  const own = Object.values(tenants).find((t) => t.role === role);
  return own ?? tenants.vdi;
}

/** The style of a tenant by key (the seed's; a tenant an admin created has the standard one). */
export function styleOf(key: string): TenantStyle {
  return isTenantKey(key) ? tenants[key].style : standardStyle;
}

export function isTenantKey(value: unknown): value is TenantKey {
  return typeof value === 'string' && (tenantKeys as readonly string[]).includes(value);
}

/** Path of a tenant flow page: tenantPath(bank, 'voice-message') = '/bank/voice-message'. */
/** The public link's path word of a tenant: vdi, firma-a, firma-b, bank, testnormec. */
export const publicSlug = (tenant: Tenant): string => tenant.key.replace('_', '-');

/** The tenant of a public link's path word, or null. */
export function tenantOfPublicSlug(slug: string | undefined): Tenant | null {
  return Object.values(tenants).find((t) => t.key === slug || publicSlug(t) === slug) ?? null;
}

/** The tenant as its public link shows it: same brand, paths below /p/<slug>, start page /p/<slug>. */
export function publicTenantView(tenant: Tenant): Tenant {
  const base = `/p/${publicSlug(tenant)}`;
  return { ...tenant, basePath: base, homePath: base, viaPublicLink: true };
}

export function tenantPath(tenant: Tenant, page: string): string {
  return `${tenant.basePath}/${page}`;
}

export function canEnterTenant(role: Role | null, tenant: Tenant): boolean {
  return role !== null && tenant.allowedRoles.includes(role);
}

/** Where the pages of a tenant an admin created live: /t/<key> (server/tenants). */
export const tenantBase = (key: string): string => `/t/${key}`;
