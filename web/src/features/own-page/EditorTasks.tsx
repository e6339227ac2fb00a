import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextareaField } from '../../ui/Field';
import { day } from './format';

const t = texts.ownPage;

/** The editors' work after withdrawals and erasure requests: what to take down, what to erase by when. */
export function EditorTasks() {
  const client = useQueryClient();
  const takedowns = useQuery({ queryKey: ['takedowns'], queryFn: () => call('GET /takedowns') });
  const erasures = useQuery({ queryKey: ['erasures'], queryFn: () => call('GET /erasures') });
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['takedowns'] }),
      client.invalidateQueries({ queryKey: ['erasures'] }),
    ]);
  const done = useMutation({
    mutationFn: (id: number) => call('POST /takedowns/:id/done', { params: { id } }),
    onSuccess: refresh,
    onError: notifyFailure,
  });
  const keep = useMutation({
    mutationFn: (id: number) =>
      call('POST /erasures/:id/keep', { params: { id }, body: { reason: reasons[id] ?? '' } }),
    onSuccess: refresh,
    onError: notifyFailure,
  });
  const confirm = useMutation({
    mutationFn: (id: number) => call('POST /erasures/:id/confirm', { params: { id } }),
    onSuccess: refresh,
    onError: notifyFailure,
  });
  const openTasks = takedowns.data?.filter((x) => !x.doneAt) ?? [];
  const openErasures = erasures.data?.filter((x) => x.state === 'open') ?? [];
  if (openTasks.length === 0 && openErasures.length === 0) return null;
  return (
    <div className="mb-4 space-y-4">
      {openTasks.length > 0 && (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">{t.takedownsTitle}</h2>
          <ul className="mt-2 space-y-3">
            {openTasks.map((task) => (
              <li
                key={task.id}
                aria-label={t.takedownLine(texts.post.channels[task.channel] ?? task.channel, day(task.dueAt))}
              >
                <p className="text-sm font-medium text-slate-900">
                  #{task.contentId} ·{' '}
                  {t.takedownLine(texts.post.channels[task.channel] ?? task.channel, day(task.dueAt))}
                </p>
                <a
                  href={task.url}
                  className="block break-all text-sm text-brand underline"
                  target="_blank"
                  rel="noreferrer"
                >
                  {task.url}
                </a>
                <Button
                  variant="secondary"
                  className="mt-1"
                  disabled={done.isPending}
                  onClick={() => done.mutate(task.id)}
                >
                  {t.takedownMarkDone}
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {openErasures.length > 0 && (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">{t.erasuresTitle}</h2>
          <ul className="mt-2 space-y-4">
            {openErasures.map((r) => (
              <li key={r.id} className="space-y-2">
                <p className="text-sm font-medium text-slate-900">
                  {r.contentIds.map((id) => `#${id}`).join(', ')} · {t.erasureDue(day(r.dueAt))}
                </p>
                <TextareaField
                  label={t.erasureKeepLabel}
                  value={reasons[r.id] ?? ''}
                  onChange={(e) => setReasons({ ...reasons, [r.id]: e.target.value })}
                />
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" disabled={keep.isPending} onClick={() => keep.mutate(r.id)}>
                    {t.erasureKeep}
                  </Button>
                  <Button variant="danger" disabled={confirm.isPending} onClick={() => confirm.mutate(r.id)}>
                    {t.erasureConfirmNow}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
