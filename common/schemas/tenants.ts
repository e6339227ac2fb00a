import { z } from 'zod';
import {
  cardIcons,
  entryCards,
  interviewTopics,
  tenantWordings,
  thanksVariants,
  type InterviewTopic,
  standardStyle,
  type TenantStyle,
} from '../tenants';
import { surfaceChoices, type SurfaceId, type UploadPage } from '../upload-rules';
import { texts } from '../texts';
import { defaultMediaTemplate, mediaTemplate } from '../media-template';
import { patienceLevels } from './interview';
import { VIDEO_ANSWER_DEFAULT_SECONDS, VIDEO_ANSWER_MAX_SECONDS, VIDEO_ANSWER_MIN_SECONDS } from '../video-answers';

const t = texts.tenants;

/** Cards a tenant's start page may offer (the issue's five). */
export const tenantCards = [
  'interview-category',
  'voice-message',
  'upload',
  'image-upload',
  'document-upload',
  'video-answer',
] as const;
export type TenantCard = (typeof tenantCards)[number];
/** Cards the seed's rows carry beside the five (Firma A's "Inhalte auswählen"); kept on save, not offered. */
export const keptTenantCards = ['content-selection'] as const;
export { tenantWordings, thanksVariants };
export const membershipRoles = ['contributor', 'editor'] as const;
export type MembershipRole = (typeof membershipRoles)[number];

/** A new tenant's key: a URL part (lower-case letters, digits, inner hyphens). */
export const TENANT_KEY_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])$/;
/** Words that are paths of their own or the seed's public link words. */
export const reservedTenantKeys = [
  'admin',
  'api',
  'eingang',
  'p',
  't',
  'login',
  'setup',
  'konto',
  'upload',
  'vdi',
  'firma-a',
  'firma-b',
  'firma_a',
  'firma_b',
  'bank',
  'testnormec',
];

/** Relative luminance (WCAG 2) of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Contrast of white text on the colour (WCAG: 1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}
export const MIN_CONTRAST = 4.5;

const colour = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, t.colorInvalid)
  .superRefine((value, ctx) => {
    const ratio = contrastWithWhite(value);
    if (ratio < MIN_CONTRAST)
      ctx.addIssue({ code: 'custom', message: t.colorContrast(ratio.toFixed(1).replace('.', ',')) });
  });

const agentId = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_-]*$/, t.agentInvalid);

const topicList = z.array(z.enum(interviewTopics as unknown as [InterviewTopic, ...InterviewTopic[]]));
/** Empty means "not set" (the page uses the name or the brand colour). */
const optional = <T extends z.ZodType<string>>(field: T) =>
  z
    .union([z.literal(''), field])
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null));
const cardText = z.object({
  title: z.string({ message: t.cardTextInvalid }).trim().min(1, t.cardTextInvalid).max(80, t.cardTextInvalid),
  text: z.string({ message: t.cardTextInvalid }).trim().min(1, t.cardTextInvalid).max(300, t.cardTextInvalid),
});

/** How a tenant's pages differ from the association's (common/tenants.ts TenantStyle), as the row stores it. */
export const tenantStyle = z.object({
  uploadSurfaces: z
    // any page word is read, so a page without a choice gets the same message as a wrong surface
    .record(z.string(), z.string({ message: t.surfaceInvalid }))
    .default({})
    .superRefine((chosen, ctx) => {
      for (const [page, surface] of Object.entries(chosen))
        if (!surfaceChoices[page as UploadPage]?.includes(surface as SurfaceId))
          ctx.addIssue({ code: 'custom', message: t.surfaceInvalid, path: [page] });
    })
    .transform((chosen) => chosen as Partial<Record<UploadPage, SurfaceId>>),
  fileUploadScreens: z.boolean({ message: t.styleInvalid }).default(false),
  cardTexts: z.partialRecord(z.enum(entryCards, { message: t.cardTextInvalid }), cardText).default({}),
  cardIcons: z
    .partialRecord(z.enum(entryCards, { message: t.styleInvalid }), z.enum(cardIcons, { message: t.styleInvalid }))
    .default({}),
  voiceVariant: z.enum(['voice', 'bank_voice'], { message: t.styleInvalid }).default('voice'),
  announceLocalId: z.boolean({ message: t.styleInvalid }).default(true),
  ownStorageKeys: z.boolean({ message: t.styleInvalid }).default(false),
  transcriptSaveAndContinue: z.boolean({ message: t.styleInvalid }).default(false),
}) satisfies z.ZodType<Omit<TenantStyle, 'areaLabel'>>;

/** What the admin sets of a tenant (create and edit; the key only on create). */
export const tenantSettings = z.object({
  name: z.string().trim().min(2, t.nameInvalid).max(80, t.nameInvalid),
  brandColor: colour,
  wording: z.enum(tenantWordings, { message: t.wordingInvalid }),
  entryCards: z
    .array(z.enum([...keptTenantCards, ...tenantCards]))
    .min(1, t.cardsEmpty)
    .max(tenantCards.length + keptTenantCards.length)
    .transform((cards) => [...new Set(cards)]),
  topics: topicList
    .min(1, t.topicsEmpty)
    .max(interviewTopics.length)
    .transform((topics) => [...new Set(topics)]),
  thanksVariant: z.enum(thanksVariants, { message: t.thanksInvalid }),
  agentIds: z
    .partialRecord(z.enum(['general', 'image', ...interviewTopics] as unknown as [string, ...string[]]), agentId)
    .default({})
    // an emptied field means the built-in interviewer
    .transform(
      (ids) => Object.fromEntries(Object.entries(ids).filter(([, id]) => !!id)) as Partial<Record<string, string>>,
    ),
  /** The built-in interviewer's patience per topic (a topic not named: patient, or what its plan says). */
  interviewPatience: z
    .partialRecord(
      z.enum(['general', 'image', ...interviewTopics] as unknown as [string, ...string[]]),
      z.enum(patienceLevels),
    )
    .default({}),
  publicLink: z.boolean(),
  /** Longest video answer per question (the 'video-answer' card switches the flow on). */
  videoMaxSeconds: z.coerce
    .number({ message: texts.videoAnswers.maxSecondsInvalid(VIDEO_ANSWER_MIN_SECONDS, VIDEO_ANSWER_MAX_SECONDS) })
    .int(texts.videoAnswers.maxSecondsInvalid(VIDEO_ANSWER_MIN_SECONDS, VIDEO_ANSWER_MAX_SECONDS))
    .min(
      VIDEO_ANSWER_MIN_SECONDS,
      texts.videoAnswers.maxSecondsInvalid(VIDEO_ANSWER_MIN_SECONDS, VIDEO_ANSWER_MAX_SECONDS),
    )
    .max(
      VIDEO_ANSWER_MAX_SECONDS,
      texts.videoAnswers.maxSecondsInvalid(VIDEO_ANSWER_MIN_SECONDS, VIDEO_ANSWER_MAX_SECONDS),
    )
    .default(VIDEO_ANSWER_DEFAULT_SECONDS),
  /** Colour of the start buttons (the bank's is a brighter red); null: the brand colour. */
  startButtonColor: optional(colour),
  /** Text of the logo tile while no logo is uploaded; null: the name's initial. */
  logoText: optional(z.string().trim().max(12, t.logoTextInvalid)),
  /** Name in the page footer; null: the name. */
  footerName: optional(z.string().trim().max(80, t.footerNameInvalid)),
  /** A general interview beside the topics (the bank's). */
  generalInterview: z.boolean({ message: t.styleInvalid }).default(false),
  /** Topics that first show a short category intro. */
  topicIntros: topicList.default([]).transform((topics) => [...new Set(topics)]),
  style: tenantStyle.default(() => ({ ...standardStyle })),
  /** Templates of quote cards and clips: layout, caption style, font (issue 39.5). */
  media: mediaTemplate.default(defaultMediaTemplate),
});
export type TenantSettings = z.infer<typeof tenantSettings>;

export const tenantKeyField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(TENANT_KEY_PATTERN, t.keyInvalid)
  .refine((key) => !reservedTenantKeys.includes(key), t.keyReserved);

export const newTenant = tenantSettings.extend({ key: tenantKeyField });
export type NewTenant = z.infer<typeof newTenant>;

/** Defaults of a new tenant in the form and the CLI. */
export const tenantDefaults: TenantSettings = {
  name: '',
  brandColor: '#0f766e',
  wording: 'engineer',
  entryCards: ['interview-category', 'voice-message', 'upload'],
  topics: [...interviewTopics],
  thanksVariant: 'company',
  agentIds: {},
  interviewPatience: {},
  publicLink: false,
  videoMaxSeconds: VIDEO_ANSWER_DEFAULT_SECONDS,
  startButtonColor: null,
  logoText: null,
  footerName: null,
  generalInterview: false,
  topicIntros: [],
  style: { ...standardStyle },
  media: defaultMediaTemplate,
};

export const deleteTenant = z.object({ confirmKey: z.string().trim() });
export const archiveTenant = z.object({ archived: z.boolean() });
export const tenantKeyParam = z.object({ key: z.string().min(1).max(40) });
export const inviteMember = z.object({
  email: z.email(texts.admin.userEmailInvalid).transform((e) => e.trim().toLowerCase()),
  role: z.enum(membershipRoles, { message: t.roleInvalid }),
});

export const changeMember = z.object({ role: z.enum(membershipRoles, { message: t.roleInvalid }) });
export const memberParams = z.object({ key: z.string().min(1).max(40), userId: z.string().min(1).max(100) });
export const acceptTenantInvitation = z.object({
  token: z
    .string()
    .min(16, t.acceptInvalid)
    .max(100, t.acceptInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, t.acceptInvalid),
});

export { tenantBase } from '../tenants';
