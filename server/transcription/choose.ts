import path from 'node:path';
import type { AppConfig } from '../config';
import { elevenLabsTranscriber } from './elevenlabs';
import { localWhisperTranscriber } from './local-whisper';
import { whisperModels } from './model-download';
import { openAITranscriber } from './openai';
import { noTranscriber, type Transcriber } from './transcriber';

/** Where the local model lives: DATA_DIR/models/ggml-<base|small>.bin. */
export function whisperModelPath(config: Pick<AppConfig, 'dataDir' | 'WHISPER_MODEL'>): string {
  return path.join(config.dataDir, 'models', `ggml-${config.WHISPER_MODEL}.bin`);
}

/** The transcriber the configuration asks for (TRANSCRIBER = local | openai | elevenlabs | none). */
export function chooseTranscriber(config: AppConfig): Transcriber {
  switch (config.TRANSCRIBER) {
    case 'openai':
      if (!config.OPENAI_BASE_URL && !config.OPENAI_API_KEY) return noTranscriber;
      return openAITranscriber({
        baseUrl: config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
        apiKey: config.OPENAI_API_KEY,
        model: config.OPENAI_TRANSCRIBE_MODEL,
      });
    case 'elevenlabs':
      if (!config.ELEVENLABS_API_KEY) return noTranscriber;
      return elevenLabsTranscriber({
        baseUrl: config.ELEVENLABS_BASE_URL,
        apiKey: config.ELEVENLABS_API_KEY,
        model: config.ELEVENLABS_STT_MODEL,
      });
    case 'local': {
      const official = whisperModels[config.WHISPER_MODEL];
      return localWhisperTranscriber({
        modelPath: whisperModelPath(config),
        source: { url: config.WHISPER_MODEL_URL ?? official.url, sha1: config.WHISPER_MODEL_SHA1 ?? official.sha1 },
      });
    }
    case 'none':
      return noTranscriber;
  }
}
