import { Mic, Pause, Play, RotateCcw, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MAX_RECORDING_SECONDS } from '../../../../common/schemas/voice-messages';
import { texts } from '../../../../common/texts';
import { recorderAnnouncement, type SpokenPhase, useKeepFocus } from '../../lib/recorder';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LiveStatus } from '../../ui/LiveStatus';
import { Progress } from '../../ui/Progress';
import { clock, type useRecorder } from './useRecorder';

const t = texts.voiceMessages;

type Recorder = ReturnType<typeof useRecorder>;

/** What a screen reader hears of the recorder: nothing before the first recording, then each state and the time left. */
function useSpokenPhase(state: Recorder['state']): SpokenPhase {
  const began = useRef(false);
  if (state !== 'idle') began.current = true;
  if (state === 'recording') return 'recording';
  if (state === 'recorded') return 'stopped';
  return began.current ? 'ready' : 'before';
}

/** The recorder: its state, clock and bar, and start, stop, listen and reset. */
export function RecorderCard({
  recorder,
  busy,
  startColor,
  onReset,
}: {
  recorder: Recorder;
  /** The recording is on its way: listening and resetting wait. */
  busy: boolean;
  startColor: string;
  onReset(): void;
}) {
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const audio = useRef<HTMLAudioElement>(null);
  const controls = useRef<HTMLDivElement>(null);
  const rec = recorder.recording;
  useKeepFocus(controls, recorder.state);
  useEffect(() => {
    if (recorder.state === 'recorded') return;
    setPlaying(false);
    setPosition(0);
  }, [recorder.state]);

  const togglePlay = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play();
    else el.pause();
  };
  const reset = () => {
    audio.current?.pause();
    onReset();
  };

  const shown =
    recorder.state === 'recorded' && rec
      ? `${clock(position)} / ${clock(rec.seconds)}`
      : `${clock(recorder.elapsed)} / ${clock(MAX_RECORDING_SECONDS)}`;
  const statusText = recorder.state === 'recording' ? t.recording : recorder.state === 'recorded' ? t.recorded : t.idle;
  const phase = useSpokenPhase(recorder.state);
  const spoken = recorderAnnouncement(
    phase,
    recorder.elapsed,
    MAX_RECORDING_SECONDS,
    texts.recorder.voiceStopped(rec?.seconds ?? 0),
  );

  return (
    <Card className="flex flex-col items-center gap-5 py-8">
      <div
        className={`flex h-24 w-24 items-center justify-center rounded-full ${recorder.state === 'recording' ? 'animate-pulse bg-red-100 text-red-600' : 'bg-slate-100 text-brand'}`}
        aria-hidden="true"
      >
        <Mic size={40} />
      </div>
      <p className="text-sm font-medium text-slate-600">{statusText}</p>
      <LiveStatus text={spoken} testId="recorder-announcer" />
      <p className="font-mono text-3xl tabular-nums text-slate-900" data-testid="recording-clock">
        {shown}
      </p>
      <Progress value={(recorder.elapsed / MAX_RECORDING_SECONDS) * 100} label={t.recording} className="max-w-sm" />

      {recorder.error && (
        <p role="alert" className="max-w-md rounded-lg bg-red-50 px-4 py-3 text-center text-sm text-red-700">
          {recorder.error}
        </p>
      )}

      <div ref={controls} className="flex w-full max-w-md flex-col gap-3 sm:flex-row sm:justify-center">
        {recorder.state === 'idle' && (
          <Button onClick={() => void recorder.start()} style={{ backgroundColor: startColor }} block>
            <Mic size={18} aria-hidden="true" />
            {t.start}
          </Button>
        )}
        {recorder.state === 'recording' && (
          <Button variant="danger" onClick={recorder.stop} block>
            <Square size={18} aria-hidden="true" />
            {t.stop}
          </Button>
        )}
        {recorder.state === 'recorded' && rec && (
          <>
            <Button variant="secondary" onClick={togglePlay} disabled={busy} block>
              {playing ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />}
              {playing ? t.pause : t.play}
            </Button>
            <Button variant="secondary" onClick={reset} disabled={busy} block>
              <RotateCcw size={18} aria-hidden="true" />
              {t.reset}
            </Button>
            <audio
              ref={audio}
              src={rec.url}
              onPlay={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
              onEnded={() => {
                setPlaying(false);
                setPosition(0);
              }}
              onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
              className="hidden"
            />
          </>
        )}
      </div>
    </Card>
  );
}
