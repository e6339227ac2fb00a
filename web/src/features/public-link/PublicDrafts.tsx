import { useEffect, useRef } from 'react';
import type { CreatePublicSubmission } from '../../../../common/schemas/uploads';
import { call } from '../../api/client';
import { useTenant } from '../../current-tenant/TenantContext';
import { usePublicProof } from '../proof';

const SYNC_EVERY_MS = 30_000;

/**
 * Work kept on the device under a local id on the public link (the server could not make the
 * Content-ID) goes out from any public page of the tenant: a solved proof of work makes the
 * submission, this browser keeps its access token, then the parts follow as signed in. Loaded
 * lazily: the drafts code is not part of the first screen.
 */
export function PublicDrafts() {
  const tenant = useTenant();
  const proof = usePublicProof();
  const take = useRef(proof?.take);
  take.current = proof?.take;
  const hasProof = !!proof;
  useEffect(() => {
    if (!hasProof || typeof indexedDB === 'undefined') return;
    let stop: () => void = () => {};
    let cancelled = false;
    void import('../submissions/drafts').then((d) => {
      if (cancelled) return;
      const unregister = d.registerPublicCreator(tenant.key, async (base) => {
        const altcha = await take.current!();
        return call('POST /public/submissions', {
          body: {
            tenant: base.tenant,
            // kind and topic as the draft names them; the server checks both.
            kind: base.kind as CreatePublicSubmission['kind'],
            topic: base.topic as CreatePublicSubmission['topic'],
            altcha,
            // Hidden from the team until the draft's last part has arrived (drafts.ts releases it).
            held: true,
          },
        });
      });
      const owner = d.ownerOf({ userId: null, tenant: tenant.key });
      const sync = () =>
        void d
          .sendDrafts(owner, { announce: true })
          .catch((error: unknown) => console.warn('drafts: sending failed, the next run tries again', error));
      sync();
      window.addEventListener('online', sync);
      const timer = window.setInterval(sync, SYNC_EVERY_MS);
      stop = () => {
        unregister();
        window.removeEventListener('online', sync);
        window.clearInterval(timer);
      };
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [tenant.key, hasProof]);
  return null;
}
