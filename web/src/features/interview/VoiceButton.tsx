import { Loader2, Mic, MicOff, RotateCcw } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useRef } from 'react';
import { useKeepFocus } from '../../lib/recorder';
import { texts } from '../../../../common/texts';
import { Button } from '../../ui/Button';
import { Progress } from '../../ui/Progress';
import type { PreloadStatus, VoiceStatus } from './useVoiceInterview';

const t = texts.interview;

/** The label of the voice button for each state of the connection and the audio preload. */
export function voiceButtonLabel(status: VoiceStatus, preload: PreloadStatus, finished: boolean): string {
  if (status === 'connecting') return t.connecting;
  if (status === 'connected') return t.stop;
  if (status === 'error') return t.retry;
  if (preload === 'initializing') return t.preparing;
  return finished ? t.repeat : t.start;
}

export function VoiceButton(props: {
  status: VoiceStatus;
  preload: PreloadStatus;
  finished: boolean;
  progress: number;
  mode: 'listening' | 'speaking';
  error: string | null;
  color: string;
  /** A finished interview with words: starting again asks first (the earlier one stays as an earlier version). */
  confirmRepeat?: boolean;
  onStart(): void;
  onStop(): void;
}) {
  const { status, preload, finished, progress, mode, error, color } = props;
  const label = voiceButtonLabel(status, preload, finished);
  const disabled = status === 'connecting' || (status !== 'connected' && preload !== 'ready' && preload !== 'idle');
  const starting = status === 'idle' || status === 'error';
  const box = useRef<HTMLDivElement>(null);
  // The button is disabled while connecting (the focus drops to the page): it gets it back.
  useKeepFocus(box, status);
  if (props.confirmRepeat && finished && status === 'idle')
    return (
      <div ref={box}>
        <RepeatButton disabled={disabled} onConfirm={props.onStart} />
      </div>
    );
  return (
    <div ref={box} className="flex flex-col items-center gap-3">
      <Button
        className="min-h-14 min-w-60 text-base"
        variant={status === 'connected' ? 'secondary' : 'primary'}
        style={starting ? { backgroundColor: color } : undefined}
        disabled={disabled}
        onClick={status === 'connected' ? props.onStop : props.onStart}
      >
        {status === 'connecting' || (starting && preload === 'initializing') ? (
          <Loader2 className="animate-spin" size={20} aria-hidden="true" />
        ) : status === 'connected' ? (
          <MicOff size={20} aria-hidden="true" />
        ) : finished || status === 'error' ? (
          <RotateCcw size={20} aria-hidden="true" />
        ) : (
          <Mic size={20} aria-hidden="true" />
        )}
        {label}
      </Button>
      {status === 'connecting' && <Progress value={progress} label={t.connectingLabel} className="max-w-xs" />}
      {status === 'connected' && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <span
            className={`inline-block size-2.5 rounded-full ${mode === 'speaking' ? 'animate-pulse bg-brand' : 'bg-green-600'}`}
            aria-hidden="true"
          />
          {mode === 'speaking' ? t.agentSpeaking : t.agentListening}
        </p>
      )}
      {status === 'error' && error && (
        <p role="alert" className="text-center text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {status === 'idle' && preload === 'initializing' && <p className="text-sm text-slate-600">{t.preloadRunning}</p>}
      {preload === 'error' && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t.preloadFailed}
        </p>
      )}
    </div>
  );
}

/** After an interview: a quiet button that asks before a new interview begins. */
function RepeatButton({ disabled, onConfirm }: { disabled: boolean; onConfirm(): void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" disabled={disabled}>
          <RotateCcw size={18} aria-hidden="true" />
          {t.repeat}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{t.repeatConfirmTitle}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {t.repeatConfirmText}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t.repeatKeep}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button onClick={onConfirm}>{t.repeatConfirm}</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
