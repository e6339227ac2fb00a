import { z } from 'zod';
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
import { contentIdParam, createSubmission } from '../schemas/submission';
import { saveTranscript } from '../schemas/transcript';
import { fileQuery, mediaIdParam } from '../schemas/upload';
import type { Endpoint, EndpointKey } from './endpoint';
import { inboxDetail, inboxNote, inboxPage, statusChanged, submissionDeleted } from './inbox';
import { mediaItem, mediaLimits, videoAnswerItem, videoState } from './media';
import { createdSubmission, ok, submissionSummary } from './submission';

/**
 * The API: every endpoint with its request parts and its answer. The server registers its routes
 * from it (server/http/contract.ts) and checks answers against it in tests; the browser calls it
 * through web/src/api (types only: no schema reaches the bundle). Paths are below /api.
 */
export const endpoints = {
  // Submissions (the contributor's own, by session or submission token)
  'POST /submissions': { body: createSubmission, response: createdSubmission.partial({ accessToken: true }) },
  'GET /submissions/:contentId': { params: contentIdParam, response: submissionSummary },
  'PUT /submissions/:contentId/transcript': { params: contentIdParam, body: saveTranscript, response: ok },
  'GET /submissions/:contentId/media': { params: contentIdParam, response: z.array(mediaItem) },
  'GET /submissions/:contentId/video-answers': { params: contentIdParam, response: z.array(videoAnswerItem) },

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
  'GET /account/notifications': { response: notificationPrefs },
  'PUT /account/notifications': { body: notificationPrefs, response: notificationPrefs },
} as const satisfies Record<EndpointKey, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
