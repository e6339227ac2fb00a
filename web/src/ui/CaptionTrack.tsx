import { texts } from '../../../common/texts';

/** The German caption track of a player (WCAG 1.2.2); nothing without captions. */
export function CaptionTrack({ src }: { src: string | null | undefined }) {
  return src ? <track kind="captions" srcLang="de" label={texts.video.captionsLabel} src={src} default /> : null;
}
