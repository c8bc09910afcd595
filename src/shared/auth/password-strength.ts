import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn's score (0 weakest … 4 strongest) and its common-password list. The dictionary is large
// (~1 MB): the client imports this module lazily, only on the register and change-password screens.

export type PasswordStrengthScore = 0 | 1 | 2 | 3 | 4;

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** The ranked common-password list shipped with zxcvbn (about 49,000 entries, most common first). */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common'] ?? []);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** zxcvbn score of a password; `userInputs` (e-mail, name) count as guessable words. */
export function passwordStrengthScore(password: string, userInputs: string[] = []): PasswordStrengthScore {
  // zxcvbn's cost grows with length; past 100 characters the score is 4 for any real password anyway.
  // zxcvbn matches whole words: 'ada' and 'lovelace' must be listed, not only 'ada.lovelace@x.y'.
  const words = userInputs
    .flatMap((input) => [input, ...input.toLowerCase().split(/[@.\s_+-]+/)])
    .filter((w) => w.length >= 3);
  const result = zxcvbn.check(password.slice(0, 100), words);
  return result.score;
}

/** @public Read through a dynamic import (use-password-strength.ts), which knip cannot follow. */
export const STRENGTH_LABELS: Record<PasswordStrengthScore, string> = {
  0: 'Very weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Strong',
  4: 'Very strong',
};
