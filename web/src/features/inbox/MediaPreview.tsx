import { FileText } from 'lucide-react';
import type { InboxMedia } from '../../../../common/contracts/uploads';
import { texts } from '../../../../common/texts';
import { AudioCaptions, CaptionLinks, VideoPlayer } from '../video';
import { withKnownDuration } from '../../lib/audio-duration';
import { VideoAnswerLabel } from '../video-answers';
import { apiUrl } from '../../api/client';

const t = texts.admin;
const megabytes = texts.uploads.sizeMb;

/** One file as the editor needs it: photos shown, video and the voice recording playable, documents to open. */
export function MediaPreview({ media }: { media: InboxMedia }) {
  const url = apiUrl('GET /media/:mediaId/file', { mediaId: media.id });
  const label = `${t.mediaKinds[media.kind] ?? media.kind}: ${media.originalName}`;
  return (
    <li className="rounded-lg border border-slate-200 p-3" aria-label={label}>
      {media.videoAnswer && <VideoAnswerLabel answer={media.videoAnswer} />}
      {media.kind === 'photo' && (
        <a href={url} target="_blank" rel="noreferrer">
          <img
            src={media.hasThumbnail ? apiUrl('GET /media/:mediaId/thumbnail', { mediaId: media.id }) : url}
            alt={media.originalName}
            loading="lazy"
            className="mb-2 max-h-64 w-full rounded-md bg-slate-100 object-contain"
          />
        </a>
      )}
      {media.kind === 'video' && <VideoPlayer media={media} />}
      {media.kind === 'audio' && (
        <>
          <audio ref={withKnownDuration} controls preload="metadata" src={url} className="mb-2 w-full">
            {media.captionState === 'ready' && (
              <track
                kind="captions"
                srcLang="de"
                label={texts.video.captionsLabel}
                src={apiUrl('GET /media/:mediaId/captions.vtt', { mediaId: media.id })}
                default
              />
            )}
          </audio>
          <AudioCaptions media={media} />
        </>
      )}
      {(media.kind === 'document' || media.kind === 'transcript') && (
        <div className="mb-2 flex h-16 items-center justify-center rounded-md bg-slate-100 text-slate-500">
          <FileText size={28} aria-hidden="true" />
        </div>
      )}
      <p className="text-sm font-medium text-slate-900 wrap-anywhere" title={media.originalName}>
        {media.originalName}
      </p>
      <p className="text-xs text-slate-500">
        {t.mediaKinds[media.kind] ?? media.kind} · {media.fileType} · {megabytes(media.size)}
      </p>
      <div className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
        <a href={url} target="_blank" rel="noreferrer" className="font-medium text-brand hover:underline">
          {t.openFile}
        </a>
        <a href={`${url}?download=1`} className="font-medium text-brand hover:underline">
          {t.downloadFile}
        </a>
        {media.kind !== 'video' && media.captionState === 'ready' && <CaptionLinks mediaId={media.id} />}
      </div>
    </li>
  );
}
