import { ArrowLeft } from 'lucide-react';
import { useEffect, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { texts } from '../../../../common/texts';

/** Path of each entry of this tab's history that the app has shown, by the router's history index. */
const seen = new Map<number, string>();
const historyIndex = (): number | null => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

/** Mount once inside the router: remembers which page each history entry showed. */
export function HistoryTracker() {
  const location = useLocation();
  useEffect(() => {
    const idx = historyIndex();
    if (idx !== null) seen.set(idx, location.pathname);
  }, [location]);
  return null;
}

/** Pages that are no step of a flow: "Zurück" never leads there. */
const notASteps = ['/login', '/no-role', '/setup', '/reset-password'];

/** The page before this one in this tab, if the app showed it and it is a step to go back to. */
function previousStep(current: string): string | null {
  const idx = historyIndex();
  if (idx === null || idx < 1) return null;
  const previous = seen.get(idx - 1);
  if (!previous || previous === current || notASteps.includes(previous)) return null;
  return previous;
}

/**
 * "Zurück" to the step before: the page the person came from (with its state, so a transcript
 * editor opened after a voice message goes back to the voice message), or, when this page was
 * opened directly, `to` — the step before it in the flow.
 */
export function BackLink({ to, state }: { to: string; state?: unknown }) {
  const location = useLocation();
  const navigate = useNavigate();
  const onClick = (e: MouseEvent) => {
    if (!previousStep(location.pathname)) return;
    e.preventDefault();
    void navigate(-1);
  };
  return (
    <Link
      to={to}
      state={state}
      onClick={onClick}
      className="-ml-3 inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      <ArrowLeft size={16} aria-hidden="true" />
      {texts.nav.back}
    </Link>
  );
}
