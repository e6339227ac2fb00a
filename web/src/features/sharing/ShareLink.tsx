import { useQuery } from '@tanstack/react-query';
import { Copy, Download, Share2 } from 'lucide-react';
import { QRCodeCanvas, QRCodeSVG } from 'qrcode.react';
import { useRef } from 'react';
import { publicFlows } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { notify } from '../../lib/notify';
import { Button } from '../../ui/Button';

const s = texts.sharing;

/** What the poster and the panel need of a tenant. */
export type ShareTenant = {
  key: string;
  name: string;
  brandColor: string;
  builtin: boolean;
  logoUrl?: string | null;
  /** What the tenant offers (the poster names its public link's flows); without: the flows every tenant has. */
  entryCards?: readonly string[];
};

/** The public link of a tenant: seed tenants by their slug (/p/firma-a), created ones by their key. */
export function publicLinkOf(tenant: Pick<ShareTenant, 'key' | 'builtin'>, origin: string): string {
  return `${origin}/p/${tenant.builtin ? tenant.key.replace('_', '-') : tenant.key}`;
}

/** The sentence of the poster: every way the tenant's public link offers (video where it does). */
export function posterInvitation(tenant: Pick<ShareTenant, 'entryCards'>): string {
  return s.posterInvitation(publicFlows(tenant.entryCards ?? []).map((flow) => s.posterWays[flow]));
}

/** The tenant's logo as an image the poster can draw (same origin), or null without one. */
function loadLogo(url: string | null): Promise<HTMLImageElement | null> {
  if (!url) return Promise.resolve(null);
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

/** A4 at 150 dpi. */
const A4 = { width: 1240, height: 1754 };

function wrap(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width > maxWidth && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Draws the printable poster: the tenant's brand band with its logo and name, one sentence of
 * invitation naming what the link offers, the QR code, the link.
 */
export function drawPoster(
  canvas: HTMLCanvasElement,
  qr: HTMLCanvasElement,
  tenant: ShareTenant,
  link: string,
  logo: HTMLImageElement | null,
): void {
  canvas.width = A4.width;
  canvas.height = A4.height;
  const ctx = canvas.getContext('2d')!;
  const margin = 110;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, A4.width, A4.height);
  ctx.fillStyle = tenant.brandColor;
  ctx.fillRect(0, 0, A4.width, 260);
  ctx.fillRect(0, A4.height - 60, A4.width, 60);
  let nameLeft = margin;
  if (logo) {
    // On a white tile, so a dark logo stays visible on any brand colour.
    const tile = 180;
    const scale = Math.min((tile - 24) / logo.naturalWidth, (tile - 24) / logo.naturalHeight);
    const w = logo.naturalWidth * scale;
    const h = logo.naturalHeight * scale;
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.roundRect(margin, 40, tile, tile, 24);
    ctx.fill();
    ctx.drawImage(logo, margin + (tile - w) / 2, 40 + (tile - h) / 2, w, h);
    nameLeft = margin + tile + 40;
  }
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 72px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.fillText(tenant.name, nameLeft, 130, A4.width - margin - nameLeft);

  ctx.fillStyle = '#0f172a';
  ctx.textBaseline = 'alphabetic';
  ctx.font = 'bold 64px system-ui, sans-serif';
  let y = 390;
  for (const line of wrap(ctx, s.posterHeadline, A4.width - 2 * margin)) {
    ctx.fillText(line, margin, y);
    y += 80;
  }
  ctx.font = '40px system-ui, sans-serif';
  ctx.fillStyle = '#334155';
  y += 10;
  for (const line of wrap(ctx, posterInvitation(tenant), A4.width - 2 * margin)) {
    ctx.fillText(line, margin, y);
    y += 56;
  }
  const size = 760;
  const top = Math.max(y + 40, 760);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(qr, (A4.width - size) / 2, top, size, size);
  ctx.fillStyle = '#0f172a';
  ctx.font = 'bold 40px ui-monospace, monospace';
  ctx.textAlign = 'center';
  ctx.fillText(link.replace(/^https?:\/\//, ''), A4.width / 2, top + size + 80, A4.width - 2 * margin);
}

/** Copy button, QR code and a printable A4 poster of a tenant's public link (admin and the tenant's editors). */
export function ShareLink({
  tenant,
  link: own,
}: {
  tenant: ShareTenant /** Another link than the tenant's public one (a campaign's shared link). */;
  link?: string;
}) {
  // The public address (BASE_URL), not the one this browser has open (an internal one, say).
  const address = useQuery({
    queryKey: ['public-address'],
    queryFn: () => call('GET /public/address'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const open = window.location.origin;
  const base = address.data?.baseUrl ?? open;
  const link = own ?? publicLinkOf(tenant, base);
  const qr = useRef<HTMLCanvasElement>(null);
  const canShare = typeof navigator.share === 'function';

  const share = async () => {
    try {
      await navigator.share({ title: s.shareTitle(tenant.name), text: s.intro, url: link });
    } catch (error) {
      // Closing the share sheet is no failure.
      if ((error as Error).name !== 'AbortError') notify.error(texts.common.errorTitle, s.copyFailed);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify.success(s.copiedTitle, s.copiedText);
    } catch {
      notify.error(texts.common.errorTitle, s.copyFailed);
    }
  };

  const download = async () => {
    if (!qr.current) return;
    const canvas = document.createElement('canvas');
    drawPoster(canvas, qr.current, tenant, link, await loadLogo(tenant.logoUrl ?? null));
    canvas.toBlob((blob) => {
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = s.posterFile(tenant.key);
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }, 'image/png');
  };

  return (
    <section aria-label={s.linkLabel(tenant.name)} className="space-y-3" data-testid="share-link">
      <p className="text-sm text-slate-600">{s.intro}</p>
      {address.data && address.data.baseUrl !== open && (
        <p
          role="status"
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="other-address"
        >
          {s.otherAddress(open, address.data.baseUrl)}
        </p>
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <QRCodeSVG
          value={link}
          size={144}
          marginSize={2}
          role="img"
          aria-label={s.qrLabel(tenant.name)}
          className="shrink-0 rounded-md border border-slate-200 bg-white"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <p
            className="break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900"
            data-testid="public-link"
          >
            {link}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void copy()}>
              <Copy size={16} aria-hidden="true" />
              {s.copy}
            </Button>
            {canShare && (
              <Button variant="secondary" className="sm:hidden" onClick={() => void share()}>
                <Share2 size={16} aria-hidden="true" />
                {s.share}
              </Button>
            )}
            <Button variant="secondary" onClick={() => void download()}>
              <Download size={16} aria-hidden="true" />
              {s.poster}
            </Button>
          </div>
        </div>
      </div>
      {/* The poster's QR code: drawn large on a canvas, scaled without smoothing. */}
      <QRCodeCanvas ref={qr} value={link} size={760} marginSize={4} level="M" className="hidden" aria-hidden="true" />
    </section>
  );
}
