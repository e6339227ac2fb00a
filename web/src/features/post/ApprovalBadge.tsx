import type { ListApprovalState } from '../../../../common/schemas/post';
import { texts } from '../../../../common/texts';

const colours: Record<string, string> = {
  pending: 'bg-sky-100 text-sky-800',
  expired: 'bg-slate-200 text-slate-800',
  approved: 'bg-green-100 text-green-800',
  outdated: 'bg-amber-100 text-amber-900',
  changes: 'bg-orange-100 text-orange-900',
};

/** "Freigabe ausstehend", "Freigabe abgelaufen", "Freigegeben", "Freigabe veraltet" or "Änderung gewünscht". */
export function ApprovalBadge({ state }: { state: string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${colours[state] ?? colours.pending}`}
      data-state={state}
    >
      {texts.post.states[state] ?? texts.post.listStates[state] ?? state}
    </span>
  );
}

/** The state as the inbox list shows it (server/post/queries.ts: listState). */
export function listStateOf(a: { state: string; expired: boolean; outdated: boolean }): ListApprovalState {
  if (a.state === 'pending') return a.expired ? 'expired' : 'pending';
  if (a.state === 'approved' && a.outdated) return 'outdated';
  return a.state as ListApprovalState;
}
