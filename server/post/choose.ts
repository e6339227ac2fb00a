import type { AppConfig } from '../config';
import type { Drafter } from './drafter';
import { modelDrafter } from './drafter-model';
import { templateDrafter } from './drafter-template';

/** The chat model when one is configured, else the template built from the material. */
export function chooseDrafter(config: AppConfig): Drafter {
  if (config.OPENAI_BASE_URL && config.OPENAI_CHAT_MODEL) {
    return modelDrafter({
      baseUrl: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY,
      model: config.OPENAI_CHAT_MODEL,
      timeoutMs: config.DRAFT_TIMEOUT_SECONDS * 1000,
    });
  }
  return templateDrafter();
}
