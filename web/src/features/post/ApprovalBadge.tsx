import { texts } from '../../../../common/texts';

const colours: Record<string, string> = {
  pending: 'bg-sky-100 text-sky-800',
  approved: 'bg-green-100 text-green-800',
  changes: 'bg-orange-100 text-orange-900',
};

/** "Freigabe ausstehend", "Freigegeben" or "Änderung gewünscht". */
export function ApprovalBadge({ state }: { state: string }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${colours[state] ?? colours.pending}`}>{texts.post.states[state] ?? state}</span>;
}
