import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { isLocalId, isNumericId, localContentId } from '../../../../common/content-id';
import type { SubmissionKind } from '../../../../common/schemas/submission';
import type { Tenant } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { storageKeys } from '../../lib/storage';
import { useAuth } from '../auth/AuthProvider';
import { startDraft } from '../finish/drafts';
import { useTenant } from '../tenant/TenantContext';

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
  /** Creates the submission; default: POST /api/submissions for the signed-in user. */
  create?: () => Promise<{ contentId: number; accessToken?: string }>;
  /** Show the spec's 'Hinweis' toast when falling back to a local id (some screens stay silent). */
  announceLocal?: boolean;
};

export function sessionKeyFor(tenant: Tenant): string {
  return tenant.key === 'bank' ? storageKeys.currentBankInterviewId : storageKeys.currentInterviewId;
}

export function rememberContentId(tenant: Tenant, id: string): void {
  sessionStorage.setItem(sessionKeyFor(tenant), id);
}

export function forgetContentId(tenant: Tenant): void {
  sessionStorage.removeItem(sessionKeyFor(tenant));
}

/** The id handed over by the previous page (navigation state) or kept in the session. */
export function useKnownContentId(): string | null {
  const location = useLocation();
  const tenant = useTenant();
  const fromState = (location.state as { interviewId?: string | number } | null)?.interviewId;
  if (fromState !== undefined && fromState !== null && fromState !== '') return String(fromState);
  return sessionStorage.getItem(sessionKeyFor(tenant));
}

/**
 * The spec's Interview-ID resolution: navigation state, then the session key (unless forceNew),
 * otherwise a new submission; if the server cannot be reached, a local id.
 */
export function useContentId(opts: Options): ContentIdHandle {
  const tenant = useTenant();
  const userId = useAuth().user?.id;
  const location = useLocation();
  const fromState = (location.state as { interviewId?: string | number } | null)?.interviewId;
  const known = fromState !== undefined && fromState !== null && fromState !== '' ? String(fromState) : opts.forceNew ? null : sessionStorage.getItem(sessionKeyFor(tenant));
  const lazy = opts.lazy ?? false;
  const [state, setState] = useState<ContentIdState>(() => (known ? { contentId: known, isLocal: isLocalId(known), loading: false } : { contentId: null, isLocal: false, loading: !lazy }));
  const pending = useRef<Promise<ResolvedContentId> | null>(null);
  const latest = useRef(opts);
  latest.current = opts;
  const enabled = opts.enabled ?? true;

  const ensure = useCallback((): Promise<ResolvedContentId> => {
    if (known) return Promise.resolve({ contentId: known, isLocal: isLocalId(known) });
    if (pending.current) return pending.current;
    const o = latest.current;
    const create = o.create ?? (() => api.post<{ contentId: number }>('/api/submissions', { tenant: tenant.key, kind: o.kind, topic: o.topic, source: o.source }));
    setState((s) => ({ ...s, loading: true }));
    pending.current = create().then(
      ({ contentId }) => {
        const id = String(contentId);
        rememberContentId(tenant, id);
        setState({ contentId: id, isLocal: false, loading: false });
        return { contentId: id, isLocal: false };
      },
      (error: unknown) => {
        if (error instanceof ApiError && !error.unreachable) {
          notify.error(texts.common.errorTitle, error.message);
          setState({ contentId: null, isLocal: false, loading: false });
          pending.current = null;
          return { contentId: null, isLocal: false };
        }
        const id = localContentId(o.variant);
        rememberContentId(tenant, id);
        // Work under the local id is kept as a draft and sent once the server answers again.
        void startDraft(id, { userId: userId ?? null, tenant: tenant.key, kind: o.kind, topic: o.topic, source: o.source }).catch(() => undefined);
        if (o.announceLocal !== false) notify.info(texts.common.hintTitle, texts.common.localIdNotice);
        setState({ contentId: id, isLocal: true, loading: false });
        return { contentId: id, isLocal: true };
      },
    );
    return pending.current;
  }, [known, tenant, userId]);

  useEffect(() => {
    if (known) {
      rememberContentId(tenant, known);
      return;
    }
    if (enabled && !lazy) void ensure();
  }, [known, enabled, lazy, tenant, ensure]);

  return known ? { contentId: known, isLocal: isLocalId(known), loading: false, ensure } : { ...state, ensure };
}

export { isNumericId };
