import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { isLocalId, isNumericId, localContentId } from '../../../../common/content-id';
import type { CreateSubmission, SubmissionKind } from '../../../../common/schemas/submissions';
import type { CreatePublicSubmission } from '../../../../common/schemas/uploads';
import type { Tenant } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { getSubmissionToken, setSubmissionToken, sharedCampaignFor, storageKeys } from '../../lib/storage';
import { useAuth } from '../auth';
import { startDraft } from './drafts';
import { usePublicProof } from '../proof';
import { useTenant } from '../../current-tenant/TenantContext';
import { usePersonalLink } from '../personal-links';

export type ContentIdState = { contentId: string | null; isLocal: boolean; loading: boolean };
export type ResolvedContentId = { contentId: string | null; isLocal: boolean };
/** The id as known now, and `ensure()`, which creates the submission if there is none yet. */
export type ContentIdHandle = ContentIdState & { ensure(): Promise<ResolvedContentId> };

type Options = {
  kind: SubmissionKind;
  topic?: string;
  source?: string;
  /** Word in a local id: engineering, behind_scenes, voice, image_interview, ... */
  variant: string;
  /** Ignore a stored id and start a new submission. */
  forceNew?: boolean;
  /** Wait (e.g. until the interview starts) before creating. */
  enabled?: boolean;
  /**
   * Create only when `ensure()` is called, i.e. when the contributor first sends something, so
   * that merely opening a page leaves no empty submission in the editorial inbox.
   */
  lazy?: boolean;
  /** Creates the submission; default: 'POST /submissions' for the signed-in user. */
  create?: () => Promise<{ contentId: number; accessToken?: string }>;
  /** Show the spec's 'Hinweis' toast when falling back to a local id (some screens stay silent). */
  announceLocal?: boolean;
};

export function sessionKeyFor(tenant: Tenant): string {
  return tenant.style.ownStorageKeys ? storageKeys.currentBankInterviewId : storageKeys.currentInterviewId;
}

export function rememberContentId(tenant: Tenant, id: string): void {
  sessionStorage.setItem(sessionKeyFor(tenant), id);
}

export function forgetContentId(tenant: Tenant): void {
  sessionStorage.removeItem(sessionKeyFor(tenant));
}

/** The id kept in the session; on the public link only one this browser holds the token of. */
function storedContentId(tenant: Tenant): string | null {
  const stored = sessionStorage.getItem(sessionKeyFor(tenant));
  if (!stored || (tenant.viaPublicLink && !isLocalId(stored) && !getSubmissionToken(stored))) return null;
  return stored;
}

/**
 * The navigation state that hands a Content-ID to the next page. Its key keeps the spec's name,
 * `interviewId` (part 2: "to /transcript-edit carrying transcript and interviewId"), which history
 * entries and the browser tests read; everywhere else the code says contentId.
 */
export type ContentIdNavState = { interviewId?: string | number | null };
export function contentIdState(contentId: string | number | null | undefined): ContentIdNavState {
  return { interviewId: contentId };
}
function contentIdFromState(state: unknown): string | null {
  const given = (state as ContentIdNavState | null)?.interviewId;
  return given !== undefined && given !== null && given !== '' ? String(given) : null;
}

/** The id handed over by the previous page (navigation state) or kept in the session. */
export function useKnownContentId(): string | null {
  const location = useLocation();
  const tenant = useTenant();
  return contentIdFromState(location.state) ?? storedContentId(tenant);
}

/**
 * The spec's Interview-ID resolution: navigation state, then the session key (unless forceNew),
 * otherwise a new submission; if the server cannot be reached, a local id.
 */
export function useContentId(opts: Options): ContentIdHandle {
  const tenant = useTenant();
  const userId = useAuth().user?.id;
  const location = useLocation();
  const known = contentIdFromState(location.state) ?? (opts.forceNew ? null : storedContentId(tenant));
  const proof = usePublicProof();
  const personal = usePersonalLink();
  const lazy = opts.lazy ?? false;
  const [state, setState] = useState<ContentIdState>(() =>
    known
      ? { contentId: known, isLocal: isLocalId(known), loading: false }
      : { contentId: null, isLocal: false, loading: !lazy },
  );
  const pending = useRef<Promise<ResolvedContentId> | null>(null);
  const autoTried = useRef(false);
  const latest = useRef(opts);
  latest.current = opts;
  const enabled = opts.enabled ?? true;

  const ensure = useCallback((): Promise<ResolvedContentId> => {
    if (known) return Promise.resolve({ contentId: known, isLocal: isLocalId(known) });
    if (pending.current) return pending.current;
    const o = latest.current;
    // On the public link a submission is created only with a solved proof of work, and the
    // browser keeps its access token; signed in, the account owns it.
    const createPublic = async () => {
      if (!proof) throw new Error('no proof of work');
      const created = await call('POST /public/submissions', {
        // kind and topic as the page names them; the server checks both.
        body: {
          tenant: tenant.key,
          kind: o.kind as CreatePublicSubmission['kind'],
          topic: o.topic as CreatePublicSubmission['topic'],
          altcha: await proof.take(),
          campaign: sharedCampaignFor(tenant.key),
        },
      });
      setSubmissionToken(created.contentId, created.accessToken);
      return created;
    };
    // Through a personal link the code is the proof: the link (and its campaign) owns the submission.
    const createPersonal = async (code: string) => {
      const created = await call('POST /personal-links/:code/submissions', {
        params: { code },
        body: { kind: o.kind, topic: o.topic as CreatePublicSubmission['topic'] },
      });
      setSubmissionToken(created.contentId, created.accessToken);
      return created;
    };
    const create =
      o.create ??
      (personal
        ? () => createPersonal(personal.code)
        : tenant.viaPublicLink
          ? createPublic
          : () =>
              call('POST /submissions', {
                body: {
                  tenant: tenant.key,
                  kind: o.kind,
                  topic: o.topic as CreateSubmission['topic'],
                  source: o.source,
                },
              }));
    setState((s) => ({ ...s, loading: true }));
    pending.current = create().then(
      ({ contentId }) => {
        const id = String(contentId);
        rememberContentId(tenant, id);
        setState({ contentId: id, isLocal: false, loading: false });
        return { contentId: id, isLocal: false };
      },
      (error: unknown) => {
        // A refusal (limit, permission) says why, and nothing goes on under an id.
        if (error instanceof ApiError && error.status > 0 && error.status < 500) {
          notify.error(texts.common.errorTitle, error.message);
          setState({ contentId: null, isLocal: false, loading: false });
          pending.current = null;
          return { contentId: null, isLocal: false };
        }
        // A server fault, no connection or (public link) no proof of work: the person goes on
        // with a local id (DESIGN.md difference 15). Their work is kept on the device as a draft
        // and sent under the server's id as soon as it answers; nothing reaches the team before.
        const id = localContentId(o.variant);
        rememberContentId(tenant, id);
        void startDraft(id, {
          userId: userId ?? null,
          tenant: tenant.key,
          kind: o.kind,
          topic: o.topic,
          source: o.source,
        }).catch((e: unknown) => console.warn('drafts: could not start the draft of a local id', e));
        const fault = !(error instanceof ApiError) || !error.unreachable;
        if (o.announceLocal !== false) {
          if (fault) notify.error(texts.common.errorTitle, texts.common.idLoadFailed);
          else notify.info(texts.common.hintTitle, texts.common.localIdNotice);
        }
        setState({ contentId: id, isLocal: true, loading: false });
        return { contentId: id, isLocal: true };
      },
    );
    return pending.current;
  }, [known, tenant, userId, proof, personal]);

  useEffect(() => {
    if (known) {
      rememberContentId(tenant, known);
      return;
    }
    // Created once by opening the page; after a refusal only an action of the user tries again.
    if (enabled && !lazy && !autoTried.current) {
      autoTried.current = true;
      void ensure();
    }
  }, [known, enabled, lazy, tenant, ensure]);

  return known ? { contentId: known, isLocal: isLocalId(known), loading: false, ensure } : { ...state, ensure };
}

export { isNumericId };
