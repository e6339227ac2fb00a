import { texts } from '../../../common/texts';

/**
 * The German caption track of a player (WCAG 1.2.2); nothing without captions. Rendered clips and
 * audiograms carry their captions in the picture too: their track is offered, not shown at once
 * (`shown` false), or the words would stand there twice.
 */
export function CaptionTrack({ src, shown = true }: { src: string | null | undefined; shown?: boolean }) {
  return src ? (
    <track kind="captions" srcLang="de" label={texts.video.captionsLabel} src={src} default={shown} />
  ) : null;
}
