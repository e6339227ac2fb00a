import { texts } from '../../../../common/texts';

const colours: Record<string, string> = {
  neu: 'bg-blue-100 text-blue-800',
  in_bearbeitung: 'bg-amber-100 text-amber-800',
  verwendet: 'bg-green-100 text-green-800',
  verworfen: 'bg-slate-200 text-slate-700',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${colours[status] ?? colours.neu}`}>
      {texts.admin.statuses[status] ?? status}
    </span>
  );
}
