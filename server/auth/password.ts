import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import { texts } from '../../common/texts';

const zxcvbn = new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...de.dictionary }, graphs: common.adjacencyGraphs });

/** zxcvbn's score 0–4; below this a password is one of the common or easily guessed ones. */
export const MIN_PASSWORD_SCORE = 2;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Why a new password is refused (German), or null. Checked wherever a password is set: first
 * admin, invitation and reset, the CLI, and better-auth's own endpoints (through its hook).
 */
export async function passwordProblem(password: string, userInputs: string[] = []): Promise<string | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return texts.auth.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return texts.auth.passwordTooLong;
  const inputs = userInputs.flatMap((s) => [s, ...s.split(/[@.\s_-]+/)]).filter((s) => s.length >= 3);
  const result = await zxcvbn.checkAsync(password, inputs);
  return result.score < MIN_PASSWORD_SCORE ? texts.auth.passwordTooCommon : null;
}
