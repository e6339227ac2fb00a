import { ArrowRight, CheckCircle2, RotateCcw } from 'lucide-react';
import { texts } from '../../../../common/texts';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { withKnownDuration } from '../../lib/audio-duration';
import type { KeptRecording } from './useKeptRecording';

const t = texts.voiceMessages;

/** The voice message recorded before, shown as kept: listen, go on to the text, or record again. */
export function KeptPanel({
  kept,
  onContinue,
  onRecordAgain,
}: {
  kept: KeptRecording;
  onContinue(): void;
  onRecordAgain(): void;
}) {
  return (
    <Card className="space-y-4">
      <div className="flex items-start gap-3" data-testid="kept-recording">
        <CheckCircle2 size={28} className="mt-0.5 shrink-0 text-green-700" aria-hidden="true" />
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{t.keptTitle}</h2>
          <p className="mt-1 text-sm text-slate-700" role="status">
            {kept.where === 'server' ? t.keptOnServer : t.keptOnDevice}
          </p>
        </div>
      </div>
      <audio
        ref={withKnownDuration}
        data-testid="kept-player"
        controls
        src={kept.url}
        preload="metadata"
        aria-label={t.keptPlayer}
        className="w-full"
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={onContinue} block>
          {t.continueWithText}
          <ArrowRight size={18} aria-hidden="true" />
        </Button>
        <Button variant="secondary" onClick={onRecordAgain} block>
          <RotateCcw size={18} aria-hidden="true" />
          {t.recordAgain}
        </Button>
      </div>
    </Card>
  );
}
