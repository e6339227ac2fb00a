import { FileText, Film, Image as ImageIcon, Music } from 'lucide-react';
import { texts } from '../../../../common/texts';
import type { ListedMedia } from './useFinishedSubmission';

const icons: Record<string, typeof FileText> = { photo: ImageIcon, video: Film, audio: Music };

/** File size in MB with one decimal, as the spec shows it (small files in KB, never "0,0 MB"). */
export const megabytes = texts.uploads.sizeMb;

/** The files of a submission, each with its thumbnail (or an icon), name and size. */
export function MediaList({ media }: { media: ListedMedia[] }) {
  if (media.length === 0) return <p className="text-sm text-slate-500">{texts.finish.noFiles}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label={texts.finish.filesTitle}>
      {media.map((m) => {
        const Icon = icons[m.kind] ?? FileText;
        return (
          <li key={m.id} className="flex items-center gap-3 py-2.5">
            {m.thumbnailUrl ? (
              <img
                src={m.thumbnailUrl}
                alt=""
                className="h-14 w-14 shrink-0 rounded-md border border-slate-200 object-cover"
                loading="lazy"
              />
            ) : (
              <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500">
                <Icon size={24} aria-hidden="true" />
              </span>
            )}
            <span className="min-w-0 flex-1">
              <a
                href={m.url}
                target="_blank"
                rel="noreferrer"
                className="block text-sm font-medium text-slate-900 wrap-anywhere hover:text-brand hover:underline"
              >
                {m.originalName}
              </a>
              <span className="text-xs text-slate-500">{megabytes(m.size)}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
