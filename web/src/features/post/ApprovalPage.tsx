import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, MessageSquareWarning } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { decision, type Decision } from '../../../../common/schemas/post';
import type { PublicApproval } from '../../../../common/contracts/post';
import { tenants, type TenantKey } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { failureMessage } from '../../lib/notify';
import { call } from '../../api/client';
import { Button } from '../../ui/Button';
import { TextareaField } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { TenantProvider } from '../../current-tenant/TenantContext';
import { PostPreview } from './PostPreview';
import '../../lib/zod-csp';

const t = texts.post;

/** The page in the brand of the approval's tenant: the seed's own look, a created tenant's row (name, colour, logo). */
function Frame({
  tenantKey,
  brand,
  children,
}: {
  tenantKey?: string;
  brand?: PublicApproval['brand'];
  children: React.ReactNode;
}) {
  const seed = tenants[tenantKey as TenantKey];
  const tenant = seed ?? tenants.vdi;
  const own = !seed && brand;
  const name = own ? brand.name : tenant.footerName;
  const color = own ? brand.brandColor : tenant.brandColor;
  return (
    <TenantProvider tenant={tenant.key} fromRow={false}>
      <div
        className="flex min-h-dvh flex-col bg-slate-50"
        style={{ '--color-brand': color, '--brand': color } as React.CSSProperties}
      >
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex h-14 max-w-2xl items-center gap-2.5 px-4">
            {own && brand.logoUrl ? (
              <img src={brand.logoUrl} alt="" className="h-9 w-auto max-w-32 object-contain" />
            ) : (
              <span className="flex h-9 min-w-9 items-center justify-center rounded-lg bg-brand px-1.5 text-xs font-bold text-white">
                {own ? name.slice(0, 2).toUpperCase() : tenant.logoText}
              </span>
            )}
            <span className="text-sm font-semibold text-slate-900 sm:text-base">{name}</span>
          </div>
        </header>
        <main className="mx-auto w-full max-w-2xl flex-1 px-4 pb-16 pt-6">{children}</main>
      </div>
    </TenantProvider>
  );
}

/** What the contributor is asked to check: the text, and the kinds of pictures the post holds. */
function approvalParts(a: PublicApproval): string[] {
  const count = (kind: string) => a.media.filter((m) => m.kind === kind).length;
  return ['text', 'photo', 'clip', 'audiogram', 'card'].flatMap((kind) => {
    const n = kind === 'text' ? 1 : count(kind);
    const forms = t.approvalParts[kind === 'photo' ? 'images' : kind];
    return n && forms ? [forms[n > 1 ? 1 : 0]] : [];
  });
}

/**
 * The contributor's page behind the mailed link: the post exactly as it will appear, and one
 * decision. It shows nothing else of the submission.
 */
export function ApprovalPage() {
  const token = useParams().token ?? '';
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const approval = useQuery({
    queryKey: ['approval', token],
    queryFn: () => call('GET /freigabe/:token', { params: { token } }),
    retry: false,
  });
  const decide = useMutation({
    mutationFn: (body: Decision) => call('POST /freigabe/:token/decision', { params: { token }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['approval', token] }),
    onError: (e) => setError(failureMessage(e)),
  });

  if (approval.isPending) return <Spinner fill text={texts.common.loading} />;
  if (!approval.data)
    return (
      <Frame>
        <h1 className="mb-4 text-2xl font-bold text-slate-900">{t.publicTitle}</h1>
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          {failureMessage(approval.error, t.linkInvalid)}
        </p>
      </Frame>
    );

  const a = approval.data;
  const tenant = tenants[a.tenantKey as TenantKey];
  return (
    <Frame tenantKey={a.tenantKey} brand={a.brand}>
      <h1 className="text-2xl font-bold text-slate-900">{t.publicTitle}</h1>
      <p className="mb-5 mt-2 text-slate-600">{t.publicIntro(a.tenant, t.channels[a.channel]!, approvalParts(a))}</p>
      <PostPreview
        tenantName={a.tenant}
        logoText={tenant?.logoText ?? ''}
        channel={a.channel}
        body={a.body}
        media={a.media.map((m) => ({
          src: m.url,
          alt: m.alt,
          video: m.video,
          photo: m.kind === 'photo',
          captions: m.captions,
        }))}
      />
      <div className="mt-6">
        {a.state === 'approved' && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-green-900"
          >
            <CheckCircle2 size={20} className="mt-0.5 shrink-0" aria-hidden="true" />
            {t.thanksApproved}
          </p>
        )}
        {a.state === 'changes' && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg border border-orange-200 bg-orange-50 p-3 text-orange-900"
          >
            <MessageSquareWarning size={20} className="mt-0.5 shrink-0" aria-hidden="true" />
            {t.thanksChanges}
          </p>
        )}
        {a.state === 'pending' && (
          <div className="space-y-3">
            {error && (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
                {error}
              </p>
            )}
            {!asking ? (
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button
                  variant="success"
                  block
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ decision: 'approved' })}
                >
                  {t.approve}
                </Button>
                <Button variant="secondary" block onClick={() => setAsking(true)}>
                  {t.requestChanges}
                </Button>
              </div>
            ) : (
              <form
                noValidate
                className="space-y-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  const parsed = decision.safeParse({ decision: 'changes', comment });
                  if (!parsed.success) return setError(parsed.error.issues[0]?.message);
                  setError(undefined);
                  decide.mutate(parsed.data);
                }}
              >
                <TextareaField label={t.commentLabel} value={comment} onChange={(e) => setComment(e.target.value)} />
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Button type="submit" block disabled={decide.isPending}>
                    {t.sendChanges}
                  </Button>
                  <Button variant="ghost" block onClick={() => setAsking(false)}>
                    {texts.common.cancel}
                  </Button>
                </div>
              </form>
            )}
          </div>
        )}
      </div>
    </Frame>
  );
}
