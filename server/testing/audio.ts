import { wavFromPcm16 } from '../transcription/transcriber';

/** Half a second of 16 kHz mono silence as a WAV file. */
export function silentWav(): Buffer {
  return wavFromPcm16(new Int16Array(8_000), 16_000);
}
