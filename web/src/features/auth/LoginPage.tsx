import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { landingFor } from '../../../../common/roles';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { authApi } from '../../lib/auth-api';
import { notify } from '../../lib/notify';
import { storageKeys } from '../../lib/storage';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { InputField } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from './AuthProvider';

const t = texts.auth;

/** Where a freshly signed-in user goes: the saved path wins over the landing route. */
function takeRedirect(fallback: string): string {
  const saved = sessionStorage.getItem(storageKeys.redirectAfterLogin);
  sessionStorage.removeItem(storageKeys.redirectAfterLogin);
  return saved?.startsWith('/') && !saved.startsWith('/login') ? saved : fallback;
}

function showLoginError(
  error: { status?: number; message?: string; error?: string; title?: string } | null | undefined,
) {
  if (!error) return notify.error(t.unexpectedTitle, t.unexpectedText);
  // The account is held after too many failed logins: the server's own message says so.
  if (error.status === 429) return notify.error(t.loginErrorTitle, error.message ?? t.tooManyAttempts);
  // The server refused this address (BASE_URL / TRUSTED_ORIGINS): say so, not "wrong password".
  if (error.error === 'origin_refused')
    return notify.error(error.title ?? texts.common.originRefusedTitle, error.message ?? t.unexpectedText);
  return notify.error(t.loginErrorTitle, error.message ?? t.unexpectedText);
}

export function LoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<'password' | 'totp' | 'forgot'>('password');
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const justLoggedIn = useRef(false);
  /** A wrong e-mail or password: said at the password field (aria-invalid), not in a passing toast. */
  const [refused, setRefused] = useState<string | null>(null);
  const setup = useQuery({ queryKey: ['client-config'], queryFn: () => call('GET /client-config') });

  // Once signed in and the role is known, go on.
  useEffect(() => {
    if (auth.user && !auth.roleLoading) {
      // A tenant membership without a seed role lands where the server says (/t/<key>, /eingang).
      const landing = auth.role || !auth.landing ? landingFor(auth.role) : auth.landing;
      navigate(justLoggedIn.current ? takeRedirect(landing) : landing, { replace: true });
    }
  }, [auth.user, auth.role, auth.landing, auth.roleLoading, navigate]);

  if (!auth.initialized) return <Spinner fill text={t.initializing} />;
  if (auth.user) return <Spinner fill text={t.loadingUser} />;
  if (setup.data?.setupNeeded) return <Navigate to="/setup" replace />;

  /** Guards against double submits (spec: ignored while a login runs). */
  async function run(action: () => Promise<void>) {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await action();
    } catch {
      notify.error(t.unexpectedTitle, t.unexpectedText);
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  const succeed = async () => {
    justLoggedIn.current = true;
    notify.success(t.loginSuccess);
    await auth.refreshSession();
  };

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 text-center">
          <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-xl bg-brand text-lg font-bold text-white">
            CA
          </div>
          <p className="text-sm font-medium uppercase tracking-wide text-slate-500">{texts.nav.appTitle}</p>
          <h1 className="mt-1 text-2xl font-bold">
            {step === 'forgot' ? t.forgotTitle : step === 'totp' ? t.totpTitle : t.loginTitle}
          </h1>
        </div>
        <Card>
          {step === 'password' && (
            <PasswordStep
              pending={pending}
              refused={refused}
              onEdit={() => setRefused(null)}
              onSubmit={(v) =>
                run(async () => {
                  setRefused(null);
                  const { data, error } = await authApi.signInEmail(v.email.trim(), v.password);
                  // A refused address is a 403 too, but not a wrong password: that one keeps its own message.
                  const wrongPassword =
                    (error?.status === 401 || error?.status === 403) && error.error !== 'origin_refused';
                  if (wrongPassword) return setRefused(t.loginFailedText);
                  if (error) return showLoginError(error);
                  if (data?.twoFactorRedirect) return setStep('totp');
                  await succeed();
                })
              }
              onForgot={() => setStep('forgot')}
            />
          )}
          {step === 'totp' && (
            <TotpStep
              pending={pending}
              onSubmit={(code) =>
                run(async () => {
                  const { error } = await authApi.verifyTotp(code);
                  if (error)
                    return notify.error(t.loginFailedTitle, error.status === 429 ? t.tooManyAttempts : t.totpInvalid);
                  await succeed();
                })
              }
            />
          )}
          {step === 'forgot' && <ForgotStep onBack={() => setStep('password')} />}
        </Card>
        <p className="mt-4 text-center text-sm">
          <Link to="/barrierefreiheit" className="text-slate-600 underline hover:text-slate-900">
            {texts.accessibility.footerLink}
          </Link>
        </p>
      </div>
    </main>
  );
}

type LoginValues = { email: string; password: string };

/** The login form's own check (the server decides): both fields filled in. */
export function loginErrors(v: LoginValues): Partial<Record<keyof LoginValues, string>> {
  return {
    ...(v.email.trim() ? {} : { email: t.emailRequired }),
    ...(v.password ? {} : { password: t.passwordRequired }),
  };
}

function PasswordStep({
  pending,
  refused,
  onEdit,
  onSubmit,
  onForgot,
}: {
  pending: boolean;
  refused: string | null;
  onEdit: () => void;
  onSubmit: (v: LoginValues) => void;
  onForgot: () => void;
}) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<ReturnType<typeof loginErrors>>({});
  const [submitted, setSubmitted] = useState(false);
  const change = (key: keyof LoginValues) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [key]: e.target.value };
    setValues(next);
    onEdit();
    if (submitted) setErrors(loginErrors(next));
  };
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // Browsers may fill the fields without change events (password managers): read the form.
        const data = new FormData(e.currentTarget);
        const v = { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
        const found = loginErrors(v);
        setSubmitted(true);
        setErrors(found);
        if (!found.email && !found.password) onSubmit(v);
      }}
    >
      <p className="text-sm text-slate-600">{t.loginIntro}</p>
      <InputField
        label={t.email}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
        required
      />
      <InputField
        label={t.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={change('password')}
        error={errors.password ?? refused ?? undefined}
      />
      <Button type="submit" block disabled={pending}>
        {pending ? t.submitting : t.submit}
      </Button>
      <button
        type="button"
        onClick={onForgot}
        className="block w-full text-center text-sm font-medium text-brand hover:underline"
      >
        {t.forgotPassword}
      </button>
    </form>
  );
}

function TotpStep({ pending, onSubmit }: { pending: boolean; onSubmit: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(code.replace(/\s/g, ''));
      }}
    >
      <p className="text-sm text-slate-600">{t.totpIntro}</p>
      <InputField
        label={t.totpCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoFocus
      />
      <Button type="submit" block disabled={pending || code.trim().length < 6}>
        {t.totpSubmit}
      </Button>
    </form>
  );
}

function ForgotStep({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);
  return sent ? (
    <div className="space-y-4">
      <p role="status" className="text-sm text-slate-700">
        {t.forgotSent}
      </p>
      <Button variant="secondary" block onClick={onBack}>
        {t.backToLogin}
      </Button>
    </div>
  ) : (
    <form
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!email.trim()) return notify.error(t.emailRequired);
        setPending(true);
        const { error } = await authApi.requestPasswordReset(email.trim(), '/reset-password');
        setPending(false);
        // "Sent" only when the server accepted the request; an outage says so, and the form stays.
        if (error?.status === 429) return notify.error(t.loginErrorTitle, t.tooManyAttempts);
        if (error?.status === 0) return notify.error(texts.common.outageTitle, texts.common.serverUnavailable);
        if (error && error.status >= 500)
          return notify.error(
            error.title ?? texts.common.outageTitle,
            error.status === 503 && error.message ? error.message : texts.common.serverUnavailable,
          );
        if (error) return notify.error(t.loginErrorTitle, error.message ?? texts.common.invalidInput);
        setSent(true);
      }}
    >
      <p className="text-sm text-slate-600">{t.forgotIntro}</p>
      <InputField
        label={t.email}
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" block disabled={pending}>
        {t.forgotSubmit}
      </Button>
      <Link to="/login" onClick={onBack} className="block text-center text-sm font-medium text-brand hover:underline">
        {t.backToLogin}
      </Link>
    </form>
  );
}
