import 'altcha';
import 'altcha/i18n/de';
import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { surfaceFor } from '../../../../common/schemas/upload';
import { tenants, type Tenant } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { setSubmissionToken, storageKeys } from '../../lib/storage';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { TenantProvider } from '../tenant/TenantContext';
import { screenFor } from './screens';
import { StatusNotice } from './StatusNotice';
import { UploadPanel } from './UploadPanel';
import { IdHint, useDelayedNavigate } from './UploadPages';

const t = texts.upload;

/** The public link's tenant: /p/vdi/upload, /p/firma-a/upload, /p/bank/upload. */
export function publicTenant(param: string | undefined): Tenant | null {
  return Object.values(tenants).find((x) => x.key === param || x.key.replace('_', '-') === param) ?? null;
}

export const publicPath = (tenant: Tenant, page: 'upload' | 'thank-you') => `/p/${tenant.key.replace('_', '-')}/${page}`;

/** The anonymous public upload page (no login): a proof of work, then the media upload. */
export function PublicUploadPage() {
  const tenant = publicTenant(useParams().tenant);
  if (!tenant) return <Page title={t.publicTitle} intro={t.unknownTenant} />;
  return (
    <TenantProvider tenant={tenant.key}>
      <PublicUpload tenant={tenant} />
    </TenantProvider>
  );
}

const sessionKey = storageKeys.currentInterviewId;

function PublicUpload({ tenant }: { tenant: Tenant }) {
  const screen = screenFor(tenant, 'public-upload');
  const later = useDelayedNavigate();
  const [contentId, setContentId] = useState<string | null>(() => {
    const known = sessionStorage.getItem(sessionKey);
    return known && localStorage.getItem(`submissionToken:${known}`) ? known : null;
  });
  const [uploading, setUploading] = useState(false);
  const thankYou = publicPath(tenant, 'thank-you');

  async function create(altcha: string) {
    try {
      const created = await api.post<{ contentId: number; accessToken: string }>('/api/public/submissions', { tenant: tenant.key, altcha });
      setSubmissionToken(created.contentId, created.accessToken);
      sessionStorage.setItem(sessionKey, String(created.contentId));
      setContentId(String(created.contentId));
    } catch (error) {
      notify.error(texts.common.errorTitle, error instanceof ApiError ? error.message : t.challengeFailed);
    }
  }

  return (
    <Page
      title={screen.title}
      intro={screen.intro}
      actions={
        <Button variant="secondary" disabled={uploading} onClick={() => later(thankYou, { interviewId: contentId }, 0)}>
          {uploading ? t.skipUploading : t.skip}
        </Button>
      }
    >
      <StatusNotice />
      <IdHint contentId={contentId} />
      {contentId ? (
        <UploadPanel
          surface={surfaceFor(tenant.key, 'public-upload')}
          page="public-upload"
          contentId={contentId}
          isLocal={false}
          bank={false}
          onUploadingChange={setUploading}
          onUploaded={() => later(thankYou, { interviewId: contentId }, screen.delayMs)}
        />
      ) : (
        <Card>
          <p className="mb-3 text-sm text-slate-700">{t.challengeRequired}</p>
          <Challenge onSolved={(payload) => void create(payload)} />
        </Card>
      )}
    </Page>
  );
}

/** The ALTCHA widget: the browser solves a proof of work from our server, nothing else is asked. */
function Challenge({ onSolved }: { onSolved(payload: string): void }) {
  const ref = useRef<HTMLElement>(null);
  const solved = useRef(onSolved);
  solved.current = onSolved;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onVerified = (e: Event) => {
      const payload = (e as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) solved.current(payload);
    };
    el.addEventListener('verified', onVerified);
    return () => el.removeEventListener('verified', onVerified);
  }, []);
  return <altcha-widget ref={ref} challenge="/api/public/challenge" language="de" name="altcha" />;
}
