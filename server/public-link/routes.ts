import { createHmac } from 'node:crypto';
import { createChallenge } from 'altcha-lib';
import { create as createAltcha, randomInt } from 'altcha-lib/frameworks/fastify';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { tenants, type Tenant } from '../../common/tenants';
import { texts } from '../../common/texts';
import { claimOnce } from '../cluster/used-once';
import { serve } from '../http/contract';
import { DomainError } from '../http/errors';
import { createSubmission } from '../submissions';
import { publicLinkTenant } from '../tenants';
import { sharedCampaignByCode } from '../campaigns';

/** The tenant of a public link: `/p/vdi/upload`, `/p/firma-a/upload`, `/p/bank/upload`, `/p/firma-c/upload`. */
export function publicTenant(param: string): Tenant | null {
  return Object.values(tenants).find((t) => t.key === param || t.key.replace('_', '-') === param) ?? null;
}

/**
 * The anonymous public upload flow. Creating a submission needs a solved ALTCHA proof of work
 * (computed in the visitor's browser, verified here; no third party involved), each challenge
 * counts once, and both routes are rate limited per address. The answer carries the access token
 * that only this browser keeps; it proves ownership in later requests (x-submission-token).
 */
export async function publicLinkRoutes(app: FastifyInstance): Promise<void> {
  // Solved challenges already used: a proof of work creates one submission only, on whichever
  // instance it is sent to (the database decides). A challenge lives 10 minutes from its issue,
  // so its id is kept 10 minutes after its use, then swept.
  const altchaStore = {
    get: () => false,
    set: () => undefined,
    setIfAbsent: (challengeId: string) =>
      claimOnce(app.db, 'altcha', challengeId, new Date(Date.now() + CHALLENGE_LIFETIME_MS)),
  };
  const secret = (purpose: string) =>
    createHmac('sha256', app.config.authSecret).update(`altcha:${purpose}`).digest('hex');
  const signing = { deriveKey, hmacSignatureSecret: secret('challenge'), hmacKeySignatureSecret: secret('key') };
  // Deterministic mode: the server knows the answer's counter, the browser has to search for it.
  const challengeParameters = () => ({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(Math.floor(app.config.ALTCHA_MAX_NUMBER / 2), app.config.ALTCHA_MAX_NUMBER),
    expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
  });
  const altcha = createAltcha({ ...signing, createChallengeParameters: challengeParameters, store: altchaStore });
  const perHour = { max: app.config.PUBLIC_SUBMISSIONS_PER_HOUR, timeWindow: '1 hour' };

  // What altcha-lib's challengeHandler answers, with the table's check of the JSON.
  serve(
    app,
    'GET /public/challenge',
    { config: { rateLimit: { max: perHour.max * 5, timeWindow: '1 hour' } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createChallenge({ ...signing, ...challengeParameters() });
    },
  );

  serve(app, 'GET /public/address', async () => ({ baseUrl: app.config.baseUrl }));

  serve(
    app,
    'POST /public/submissions',
    { config: { rateLimit: { ...perHour, errorResponseBuilder: () => tooMany() } } },
    async (_request, reply, parts) => {
      const input = parts.body();
      const tenant = await publicLinkTenant(app, input.tenant);
      if (!tenant) throw new DomainError('not_found', texts.uploads.unknownTenant);
      // Through a campaign's shared link: the campaign must be open and of this tenant.
      const campaign = input.campaign ? await sharedCampaignByCode(app.db, input.campaign) : null;
      if (input.campaign && campaign?.tenant !== tenant.key)
        throw new DomainError('not_found', texts.campaigns.errors.notFound);
      const check = await altcha.verify(input.altcha, deriveKey, secret('challenge'), secret('key'), altchaStore);
      if (check.error) throw new DomainError('forbidden', texts.uploads.challengeFailed);
      const created = await createSubmission(
        app.db,
        {
          tenant: tenant.key,
          kind: input.kind ?? 'upload',
          topic: input.topic,
          source: 'public-link',
          held: input.held,
        },
        { anonymous: true, campaignId: campaign?.id },
      );
      reply.code(201);
      // An anonymous owner always gets its token.
      return { contentId: created.contentId, accessToken: created.accessToken! };
    },
  );
}

const CHALLENGE_LIFETIME_MS = 10 * 60_000;

function tooMany() {
  return Object.assign(new DomainError('too_many', texts.uploads.tooManyPublic), { statusCode: 429 });
}
