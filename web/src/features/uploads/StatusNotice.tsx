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

/** The spec's system-status notice: hidden when database and storage are ready. */
export function StatusNotice() {
  const { data, isPending } = useQuery({ queryKey: ['health'], queryFn: fetchHealth, staleTime: 30_000 });
  if (isPending)
    return (
      <p className="mb-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600">{texts.common.statusChecking}</p>
    );
  if (data === 'ready') return null;
  return (
    <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {data === 'limited' ? texts.common.statusLimited : texts.common.statusUnavailable}
    </p>
  );
}
