import { useQuery } from '@tanstack/react-query';
import { texts } from '../../../../common/texts';
import { type Answer, apiUrl } from '../../api/client';

type Health = Answer<'GET /health'>;

/** Read by URL: a server that is not ready answers 503 with the same body. */
async function fetchHealth(): Promise<Health['status']> {
  try {
    const res = await fetch(apiUrl('GET /health'));
    return ((await res.json()) as Health).status ?? 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/**
 * The spec's system-status notice: hidden when database and storage are ready. While the check
 * runs it floats below the header and takes no room: in the page's flow, its going away moved the
 * form up by its height, under a finger about to tap a checkbox.
 */
export function StatusNotice() {
  const { data, isPending } = useQuery({ queryKey: ['health'], queryFn: fetchHealth, staleTime: 30_000 });
  if (isPending)
    return (
      <p
        role="status"
        className="pointer-events-none fixed top-16 right-4 z-30 rounded-full bg-slate-100 px-3 py-1.5 text-sm text-slate-600 shadow-sm"
      >
        {texts.common.statusChecking}
      </p>
    );
  if (data === 'ready') return null;
  return (
    <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {data === 'limited' ? texts.common.statusLimited : texts.common.statusUnavailable}
    </p>
  );
}
