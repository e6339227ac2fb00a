import { z } from 'zod';
import { setupForm } from '../schemas/auth';
import {
  retranscribe,
  transcriptionParams,
  transcriptionStatus,
  voiceMessageUploaded,
} from '../schemas/voice-messages';
import { conversationFinished, conversationIdParam, signedUrlQuery, voiceAssetParam } from '../schemas/interview';
import { itemParams, newCard, newClip, proposalQuery } from '../schemas/content';
import { cardPreview, clipPreview } from './content-preview';
import { changeRole, inviteUser, outboxQuery, userIdParam } from '../schemas/admin';
import {
  acceptTenantInvitation,
  archiveTenant,
  changeMember,
  deleteTenant,
  inviteMember,
  memberParams,
  newTenant,
  tenantKeyParam,
  tenantSettings,
} from '../schemas/tenants';
import {
  adminStatistics,
  adminUser,
  auditEntry,
  outboxPage,
  roleChanged,
  tenantStatistics,
  userInvited,
} from './admin';
import { clientConfig, me, sessionState } from './auth';
import { health, proofChallenge, publicAddress } from './system';
import { signedUrlResponse, transcriptImport } from './interview';
import { contentItem, contentOverview, itemChanges, proposals } from './content';
import { contactForm, postContactForm, recordConsent, wAnswers } from '../schemas/finish';
import { inboxFilter, newNote, statusChange } from '../schemas/inbox';
import {
  approvalIdParam,
  decision,
  notificationPrefs,
  postParams,
  publication,
  saveVersion,
  tokenParam,
  tokenPositionParams,
} from '../schemas/post';
import { decided, postOverview, postVersion, publicApproval, sentApproval } from './post';
import { contentIdParam, createSubmission } from '../schemas/submissions';
import { saveTranscript } from '../schemas/transcript';
import { createPublicSubmission, fileQuery, mediaIdParam } from '../schemas/uploads';
import type { Endpoint, EndpointKey } from './endpoint';
import { ownPageEndpoints } from './own-page';
import { createPersonalSubmission, personalCodeParam } from '../schemas/personal-links';
import { personalLinkState } from './personal-links';
import {
  addInvitees,
  campaignIdParam,
  campaignSettings,
  inviteeParams,
  newCampaign,
  sharedCodeParam,
} from '../schemas/campaigns';
import { campaignBoard, campaignInvitation, campaignSummary, inviteesAdded, sharedCampaign } from './campaigns';
import { inboxConsent, inboxDetail, inboxNote, inboxPage, statusChanged, submissionDeleted } from './inbox';
import { mediaItem, mediaLimits, videoAnswerItem, videoState } from './uploads';
import { createdSubmission, ok, submissionSummary } from './submissions';
import {
  invitationAccepted,
  logoSet,
  memberChanged,
  memberInvited,
  myTenant,
  tenantDeleted,
  tenantInfo,
  tenantLabel,
  tenantListItem,
  tenantMember,
} from './tenants';

/**
 * The API: every endpoint with its request parts and its answer. The server registers its routes
 * from it (server/http/contract.ts) and checks answers against it in tests; the browser calls it
 * through web/src/api (types only: no schema reaches the bundle). Paths are below /api.
 */
export const endpoints = {
  // The system's state (the upload page's notice); 503 with the same body when not ready
  'GET /health': { response: health },
  /** The public link's proof of work, solved in the browser before a submission is created. */
  'GET /public/challenge': { response: proofChallenge },
  /** The address the public links are shared under (BASE_URL), not whatever address a browser has open. */
  'GET /public/address': { response: publicAddress },

  // Submissions (the contributor's own, by session or submission token)
  'POST /submissions': { body: createSubmission, response: createdSubmission.partial({ accessToken: true }) },
  /** The anonymous public link: needs a solved proof of work; the answer's token proves ownership later. */
  'POST /public/submissions': { body: createPublicSubmission, response: createdSubmission },
  /** A personal link (/e/<code>): its person, or that it has expired; 404 for an unknown code. */
  'GET /personal-links/:code': { params: personalCodeParam, response: personalLinkState },
  /** A submission of the link's person (no proof of work: the code is the proof); the token proves ownership later. */
  'POST /personal-links/:code/submissions': {
    params: personalCodeParam,
    body: createPersonalSubmission,
    response: createdSubmission,
  },
  // Campaigns (editors of the tenant, admins); the invitee's answers through their personal link
  'GET /campaigns': { response: z.array(campaignSummary) },
  'POST /campaigns': { body: newCampaign, response: campaignSummary },
  'GET /campaigns/:campaignId': { params: campaignIdParam, response: campaignBoard },
  'GET /campaigns/:campaignId/board.csv': { params: campaignIdParam, response: 'file' },
  'PUT /campaigns/:campaignId': { params: campaignIdParam, body: campaignSettings, response: campaignSummary },
  'POST /campaigns/:campaignId/end': { params: campaignIdParam, response: ok },
  'DELETE /campaigns/:campaignId': { params: campaignIdParam, response: ok },
  /** All or none: a duplicate or known address refuses the whole list. */
  'POST /campaigns/:campaignId/invitees': { params: campaignIdParam, body: addInvitees, response: inviteesAdded },
  'POST /campaigns/:campaignId/invitees/:inviteeId/resend': { params: inviteeParams, response: ok },
  'DELETE /campaigns/:campaignId/invitees/:inviteeId': { params: inviteeParams, response: ok },
  'GET /personal-links/:code/campaign': { params: personalCodeParam, response: campaignInvitation },
  'POST /personal-links/:code/campaign/decline': { params: personalCodeParam, response: ok },
  /** Also the one-click List-Unsubscribe target of mail programs (RFC 8058). */
  'POST /personal-links/:code/campaign/unsubscribe': { params: personalCodeParam, response: ok },
  /** A campaign's shared link (/k/<code>): its questions, no person. */
  'GET /campaigns/shared/:code': { params: sharedCodeParam, response: sharedCampaign },
  'GET /submissions/:contentId': { params: contentIdParam, response: submissionSummary },
  'PUT /submissions/:contentId/transcript': { params: contentIdParam, body: saveTranscript, response: ok },
  /** The body is the recording itself (audio/webm, audio/mp4, ...), sent by URL. */
  'POST /submissions/:contentId/voice-message': { params: contentIdParam, response: voiceMessageUploaded },
  'POST /submissions/:contentId/transcriptions': {
    params: contentIdParam,
    body: retranscribe,
    response: voiceMessageUploaded,
  },
  'GET /submissions/:contentId/transcriptions/:jobId': { params: transcriptionParams, response: transcriptionStatus },
  'POST /submissions/:contentId/release': { params: contentIdParam, response: ok },
  'PUT /submissions/:contentId/description': { params: contentIdParam, body: wAnswers, response: ok },
  /** The body's rules are the tenant's form variant's (the server picks it); the shape is the same. */
  /** `ownPage`: the code of the own page's link for a submission sent without an account (the thank-you page shows it). */
  'PUT /submissions/:contentId/contact': {
    params: contentIdParam,
    body: contactForm('standard'),
    response: z.object({ ok: z.literal(true), ownPage: z.string().nullable() }),
  },
  'PUT /submissions/:contentId/post-contact': {
    params: contentIdParam,
    body: postContactForm('standard'),
    response: ok,
  },
  'POST /submissions/:contentId/consents': {
    params: contentIdParam,
    body: recordConsent,
    response: z.object({ id: z.number() }),
  },
  'GET /submissions/:contentId/consents': {
    params: contentIdParam,
    response: z.array(inboxConsent.pick({ kind: true, text: true, givenAt: true })),
  },
  'GET /submissions/:contentId/media': { params: contentIdParam, response: z.array(mediaItem) },
  'GET /submissions/:contentId/video-answers': { params: contentIdParam, response: z.array(videoAnswerItem) },

  // The voice interview: where to open it, the SDK's worklets, an ElevenLabs call's transcript
  'GET /voice/signed-url': { query: signedUrlQuery, response: signedUrlResponse },
  'GET /voice/assets/:file': { params: voiceAssetParam, response: 'file' },
  'POST /voice/conversations/:conversationId/transcript': {
    params: conversationIdParam,
    body: conversationFinished,
    response: transcriptImport,
  },

  // Stored files
  'GET /media/limits': { response: mediaLimits },
  'GET /media/:mediaId/file': { params: mediaIdParam, query: fileQuery, response: 'file' },
  'GET /media/:mediaId/thumbnail': { params: mediaIdParam, query: fileQuery, response: 'file' },
  'GET /media/:mediaId/proxy': { params: mediaIdParam, query: fileQuery, response: 'file' },
  'GET /media/:mediaId/captions.vtt': { params: mediaIdParam, query: fileQuery, response: 'file' },
  'GET /media/:mediaId/captions.srt': { params: mediaIdParam, query: fileQuery, response: 'file' },
  'GET /media/:mediaId/video-state': { params: mediaIdParam, response: videoState },
  'POST /media/:mediaId/cancel': { params: mediaIdParam, response: z.object({ cancelled: z.boolean() }) },
  'POST /media/:mediaId/restart': { params: mediaIdParam, response: z.object({ jobId: z.number() }) },

  // The editors' inbox
  'GET /inbox': { query: inboxFilter, response: inboxPage },
  'GET /inbox/export.csv': { query: inboxFilter, response: 'file' },
  'GET /inbox/:contentId': { params: contentIdParam, response: inboxDetail },
  'PUT /inbox/:contentId/status': { params: contentIdParam, body: statusChange, response: statusChanged },
  'POST /inbox/:contentId/notes': { params: contentIdParam, body: newNote, response: inboxNote },
  'GET /inbox/:contentId/zip': { params: contentIdParam, response: 'file' },
  'DELETE /inbox/:contentId': { params: contentIdParam, response: submissionDeleted },

  // Quote cards, clips and audiograms of a submission (editors)
  'GET /content/:contentId': { params: contentIdParam, response: contentOverview },
  'POST /content/:contentId/cards': { params: contentIdParam, body: newCard, response: contentItem },
  'POST /content/:contentId/clips': { params: contentIdParam, body: newClip, response: contentItem },
  'POST /content/:contentId/cards/preview': { params: contentIdParam, body: newCard, response: cardPreview },
  'POST /content/:contentId/clips/preview': { params: contentIdParam, body: newClip, response: clipPreview },
  'GET /content/:contentId/proposals': { params: contentIdParam, query: proposalQuery, response: proposals },
  'POST /content/:contentId/items/:itemId/edit': { params: itemParams, body: itemChanges, response: contentItem },
  'POST /content/:contentId/items/:itemId/cancel': { params: itemParams, response: ok },
  'GET /content/:contentId/items/:itemId/file': { params: itemParams, response: 'file' },
  'GET /content/:contentId/items/:itemId/captions.vtt': { params: itemParams, response: 'file' },

  // Posts of a submission (editors), the contributor's approval page (public), notification choices
  'GET /posts/:contentId': { params: contentIdParam, response: postOverview },
  'POST /posts/:contentId/:channel/versions': { params: postParams, body: saveVersion, response: postVersion },
  /** NDJSON lines (DraftEvent), read as a stream. */
  'POST /posts/:contentId/:channel/draft': { params: postParams, response: 'file' },
  'POST /posts/:contentId/:channel/approvals': { params: postParams, response: sentApproval },
  'DELETE /posts/approvals/:approvalId': { params: approvalIdParam, response: ok },
  'POST /posts/:contentId/:channel/publications': { params: postParams, body: publication, response: ok },
  'GET /freigabe/:token': { params: tokenParam, response: publicApproval },
  'POST /freigabe/:token/decision': { params: tokenParam, body: decision, response: decided },
  'GET /freigabe/:token/bilder/:position': { params: tokenPositionParams, response: 'file' },
  'GET /freigabe/:token/inhalte/:position': { params: tokenPositionParams, response: 'file' },
  'GET /freigabe/:token/inhalte/:position/captions.vtt': { params: tokenPositionParams, response: 'file' },
  'GET /account/notifications': { response: notificationPrefs },
  'PUT /account/notifications': { body: notificationPrefs, response: notificationPrefs },

  // Accounts: the signed-in user, what pages need before sign-in, the first admin
  'GET /me': { response: me },
  /** The signed-in user with role and tenant (one request for the shell's first render); nulls when anonymous. */
  'GET /session': { response: sessionState },
  'GET /client-config': { response: clientConfig },
  'POST /setup': { body: setupForm, response: ok },

  // Tenants: their public face, the signed-in user's, the admin's list and settings, members
  'GET /me/tenant': { response: myTenant },
  'GET /tenants/:key': { params: tenantKeyParam, response: tenantInfo },
  'GET /tenants/:key/logo': { params: tenantKeyParam, response: 'file' },
  'GET /tenant-labels': { response: z.array(tenantLabel) },
  'GET /admin/tenants': { response: z.array(tenantListItem) },
  'POST /admin/tenants': { body: newTenant, response: tenantInfo },
  'PUT /admin/tenants/:key': { params: tenantKeyParam, body: tenantSettings, response: tenantInfo },
  'POST /admin/tenants/:key/archive': { params: tenantKeyParam, body: archiveTenant, response: tenantInfo },
  'DELETE /admin/tenants/:key': { params: tenantKeyParam, query: deleteTenant, response: tenantDeleted },
  /** The body is the logo file itself (PNG or WebP), sent by URL. */
  'PUT /admin/tenants/:key/logo': { params: tenantKeyParam, response: logoSet },
  'GET /tenants/:key/members': { params: tenantKeyParam, response: z.array(tenantMember) },
  'GET /tenants/:key/statistics': {
    params: tenantKeyParam,
    response: tenantStatistics.extend({ weekly: z.array(z.object({ week: z.string(), submissions: z.number() })) }),
  },
  'POST /tenants/:key/members': { params: tenantKeyParam, body: inviteMember, response: memberInvited },
  'PUT /tenants/:key/members/:userId': { params: memberParams, body: changeMember, response: memberChanged },
  'DELETE /tenants/:key/members/:userId': { params: memberParams, response: ok },
  'POST /invitations/accept': { body: acceptTenantInvitation, response: invitationAccepted },

  // Administration: statistics, audit log, accounts, outbox
  'GET /admin/statistics': { response: adminStatistics },
  'GET /admin/audit': { response: z.array(auditEntry) },
  'GET /admin/users': { response: z.array(adminUser) },
  'POST /admin/users': { body: inviteUser, response: userInvited },
  'POST /admin/users/:userId/invitation': { params: userIdParam, response: ok },
  'PUT /admin/users/:userId/role': { params: userIdParam, body: changeRole, response: roleChanged },
  'POST /admin/users/:userId/deactivate': { params: userIdParam, response: ok },
  'POST /admin/users/:userId/activate': { params: userIdParam, response: ok },
  'POST /admin/users/:userId/password-reset': { params: userIdParam, response: ok },
  'GET /admin/outbox': { query: outboxQuery, response: outboxPage },

  // The contributor's own page, takedowns, erasures, consent texts (issue 41)
  ...ownPageEndpoints,
} as const satisfies Record<EndpointKey, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
