import { z } from 'zod';
import {
  asOfQuery,
  idParam,
  keepReason,
  newConsentText,
  ownPageParam,
  retentionSetting,
  withdrawal,
} from '../schemas/own-page';
import { tenantKeyParam } from '../schemas/tenants';
import { tenantBrand } from './tenants';

const takedown = z.object({ dueAt: z.string(), doneAt: z.string().nullable() });

/** What the contributor's own page shows. */
export const ownPage = z.object({
  name: z.string(),
  email: z.string().nullable(),
  brand: tenantBrand,
  submissions: z.array(
    z.object({
      contentId: z.number(),
      kind: z.string(),
      createdAt: z.string(),
      transcript: z.string().nullable(),
      media: z.array(z.object({ id: z.number(), kind: z.string(), name: z.string() })),
      items: z.array(z.object({ id: z.number(), kind: z.string(), usable: z.boolean() })),
      posts: z.array(
        z.object({
          channel: z.string(),
          marked: z.boolean(),
          publications: z.array(
            z.object({ channel: z.string(), url: z.string(), createdAt: z.string(), takedown: takedown.nullable() }),
          ),
        }),
      ),
    }),
  ),
  /** One line per kind: the newest consent given, its words and date, and its withdrawal. */
  consents: z.array(
    z.object({
      kind: z.string(),
      text: z.string(),
      version: z.number().nullable(),
      givenAt: z.string(),
      withdrawnAt: z.string().nullable(),
    }),
  ),
  erasure: z.object({ state: z.string(), dueAt: z.string(), keepReason: z.string().nullable() }).nullable(),
});

export const withdrawalResult = z.object({
  withdrawn: z.number(),
  voided: z.number(),
  marked: z.number(),
  tasks: z.number(),
});

export const takedownTask = z.object({
  id: z.number(),
  tenant: z.string(),
  contentId: z.number(),
  channel: z.string(),
  url: z.string(),
  kinds: z.array(z.string()),
  createdAt: z.string(),
  dueAt: z.string(),
  doneAt: z.string().nullable(),
  doneByEmail: z.string().nullable(),
});

export const erasureRequest = z.object({
  id: z.number(),
  tenant: z.string().nullable(),
  contentIds: z.array(z.number()),
  requestedAt: z.string(),
  dueAt: z.string(),
  state: z.string(),
  keepReason: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
  executedAt: z.string().nullable(),
});

export const consentTextVersion = z.object({
  id: z.number(),
  kind: z.string(),
  version: z.number(),
  text: z.string(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  createdByEmail: z.string().nullable(),
});

const shownText = z.object({ id: z.number(), text: z.string() });
/** The words each consent form of a tenant shows now, with the id the form sends back. */
export const currentConsentTexts = z.object({
  contact: shownText,
  photo_rights: shownText,
  video_rights: shownText,
  publication: shownText,
  naming: shownText,
});

export const retentionDue = z.object({
  months: z.number(),
  due: z.array(z.object({ contentId: z.number(), lastUsedAt: z.string(), warnedAt: z.string().nullable() })),
});

const ok = z.object({ ok: z.literal(true) });

/** The own page (a session or a personal link's code), the editors' takedowns and erasures, the admin's texts. */
export const ownPageEndpoints = {
  'GET /own-page/:access': { params: ownPageParam, response: ownPage },
  'POST /own-page/:access/withdrawals': { params: ownPageParam, body: withdrawal, response: withdrawalResult },
  'GET /own-page/:access/export.zip': { params: ownPageParam, response: 'file' },
  'POST /own-page/:access/erasure': { params: ownPageParam, response: erasureRequest.pick({ id: true, dueAt: true }) },
  'GET /takedowns': { query: asOfQuery, response: z.array(takedownTask) },
  'POST /takedowns/:id/done': { params: idParam, response: ok },
  'GET /erasures': { query: asOfQuery, response: z.array(erasureRequest) },
  'POST /erasures/:id/keep': { params: idParam, body: keepReason, response: ok },
  'POST /erasures/:id/confirm': { params: idParam, response: ok },
  /** Public: the tenant's current consent wordings (the contributor forms show them). */
  'GET /tenants/:key/consent-texts': { params: tenantKeyParam, response: currentConsentTexts },
  'GET /admin/tenants/:key/consent-texts': { params: tenantKeyParam, response: z.array(consentTextVersion) },
  'POST /admin/tenants/:key/consent-texts': {
    params: tenantKeyParam,
    body: newConsentText,
    response: consentTextVersion,
  },
  'GET /admin/tenants/:key/retention': { params: tenantKeyParam, response: retentionDue },
  'PUT /admin/tenants/:key/retention': { params: tenantKeyParam, body: retentionSetting, response: retentionDue },
  /** The draft record of processing activities of a tenant (Markdown). */
  'GET /admin/tenants/:key/processing.md': { params: tenantKeyParam, response: 'file' },
} as const;

export type OwnPage = z.output<typeof ownPage>;
export type TakedownTask = z.output<typeof takedownTask>;
export type ErasureRequest = z.output<typeof erasureRequest>;
export type ConsentTextVersion = z.output<typeof consentTextVersion>;
export type CurrentConsentTexts = z.output<typeof currentConsentTexts>;
