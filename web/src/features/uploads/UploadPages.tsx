import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { shortId } from '../../../../common/content-id';
import type { FlowPage } from '../../../../common/routes';
import { surfaceFor, type UploadPage } from '../../../../common/upload-rules';
import { tenantPath } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { BackLink } from '../navigation';
import { contentIdState, useContentId } from '../submissions';
import { useTenant } from '../../current-tenant/TenantContext';
import { screenFor } from './screens';
import { StatusNotice } from './StatusNotice';
import { UploadPanel, useUploadLimits } from './UploadPanel';

const t = texts.uploads;

/** Content-ID hint of the upload pages: the first 8 characters and '...', 'Lade Informationen...' while it is resolved, or 'Nicht verfügbar'. */
export function IdHint({ contentId, loading = false }: { contentId: string | null; loading?: boolean }) {
  return (
    <p className="mb-4 text-sm text-slate-600" data-testid="id-hint">
      {t.contentIdLabel}{' '}
      <span className="font-mono">
        {loading && !contentId ? texts.finish.loadingInfo : shortId(contentId, t.contentIdMissing)}
      </span>
    </p>
  );
}

/** A redirect after the spec's delay, cancelled when the page goes away. */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (to: string, state: unknown, delayMs: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => navigate(to, { state }), delayMs);
  };
}

/** Every upload page of the tenant flows, configured by tenant and page. */
function TenantUploadPage({ page }: { page: UploadPage }) {
  const tenant = useTenant();
  const location = useLocation();
  const navigate = useNavigate();
  const later = useDelayedNavigate();
  const limits = useUploadLimits();
  const screen = screenFor(tenant, page, limits);
  const surface = surfaceFor(tenant.style.uploadSurfaces, page);
  // The spec resolves the id when the page opens (navigation state, session, else a new one), so
  // it shows from the first moment and 'Überspringen' leads to a thank-you page that can save a
  // contact. A submission that stays empty never reaches the inbox and expires.
  const { contentId, isLocal, loading, ensure } = useContentId({
    kind: screen.kind,
    variant: screen.variant,
    announceLocal: tenant.style.announceLocalId,
  });
  const bank = tenant.style.fileUploadScreens && !tenant.viaPublicLink;
  const source = (location.state as { source?: string } | null)?.source;
  const [uploading, setUploading] = useState(false);

  // Opened directly, "Zurück" leads to the step before in the flow: the document before its image, else the start.
  const back = page === 'document-image-upload' ? tenantPath(tenant, 'document-upload') : tenant.homePath;
  const go = (to: FlowPage, extra: Record<string, unknown> = {}) =>
    navigate(tenantPath(tenant, to), { state: { ...contentIdState(contentId), source, ...extra } });

  return (
    <Page
      title={screen.title}
      intro={screen.intro}
      back={<BackLink to={back} state={{ ...contentIdState(contentId), source }} />}
      actions={
        screen.skipTo ? (
          <div className="flex gap-2">
            {screen.continueWithout && (
              <Button variant="secondary" onClick={() => go(screen.skipTo!)}>
                {t.continueWithoutImages}
              </Button>
            )}
            <Button variant="secondary" disabled={uploading} onClick={() => go(screen.skipTo!)}>
              {uploading ? t.skipUploading : t.skip}
            </Button>
          </div>
        ) : undefined
      }
    >
      <StatusNotice />
      {screen.showIdHint && <IdHint contentId={contentId} loading={loading} />}
      <UploadPanel
        surface={surface}
        page={page}
        contentId={contentId}
        isLocal={isLocal}
        ensureContentId={ensure}
        bank={bank}
        tabs={screen.tabs}
        kind={screen.kind}
        onUploadingChange={setUploading}
        onUploaded={(result) =>
          later(
            tenantPath(tenant, screen.next!),
            { ...contentIdState(result.contentId), source, uploadSuccess: true },
            screen.delayMs,
          )
        }
      />
    </Page>
  );
}

export const MediaUploadPage = () => <TenantUploadPage page="upload" />;
/** /p/<tenant>/upload: the media upload of the anonymous public link (same page, public tenant). */
export const PublicUploadPage = () => <TenantUploadPage page="public-upload" />;
export const ImageUploadPage = () => <TenantUploadPage page="image-upload" />;
export const DocumentUploadPage = () => <TenantUploadPage page="document-upload" />;
export const DocumentImageUploadPage = () => <TenantUploadPage page="document-image-upload" />;
export const ImageUploadAfterVoicePage = () => <TenantUploadPage page="image-upload-after-voice" />;
