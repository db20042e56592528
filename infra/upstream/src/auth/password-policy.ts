import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { isCommonPassword } from './common-passwords';

/** Shortest password an operator may choose (NIST SP 800-63B asks for at least 8; we ask 12). */
const MIN_PASSWORD_LENGTH = 12;
/** Longest: a password is hashed as given, and nobody types more than this. */
const MAX_PASSWORD_LENGTH = 1000;
/**
 * The lowest zxcvbn score (0–4) a password may have: 3 is "safely unguessable: moderate protection
 * from an offline slow-hash scenario" (about 10^8 guesses and more), which our scrypt hashes are.
 * Length alone does not reach it: `passwordpassword`, `123456789012`, `aaaaaaaaaaaa` and
 * `Password1234` score 0 or 1.
 */
const MIN_SCORE = 3;
/** zxcvbn's matching grows faster than the text: only the first 100 characters are estimated (longer ones are strong by then, or repeat). */
const ESTIMATED_LENGTH = 100;

export const TOO_GUESSABLE =
  'This password is too easy to guess: avoid common words, names, dates, keyboard patterns, repeats and sequences, or add a few uncommon words.';

let estimator: ZxcvbnFactory | null = null;
/** Built on first use: the dictionaries take a moment to load, and most processes never set a password. */
function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    maxLength: ESTIMATED_LENGTH,
  });
  return estimator;
}

/**
 * Why a password may not be chosen, in the operator's words, or null when it may. Every place a
 * password is set (operator command, invite and reset links, change my password) asks this.
 * `personal` is what an attacker knows of the account (its email, its name): a password built on it
 * scores lower. The strength is estimated (zxcvbn, with its English and common dictionaries) on the
 * password as typed and as normalised (NFKC, lower case), and the weaker of the two counts, so
 * `PASSWORD1234` is no stronger than `password1234`.
 */
export function passwordProblem(password: string, personal: readonly string[] = []): string | null {
  const normalised = password.normalize('NFKC');
  const length = [...normalised].length;
  if (length < MIN_PASSWORD_LENGTH) return `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (length > MAX_PASSWORD_LENGTH) return `Choose a password of at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (password.trim().length === 0) return 'Choose a password that is not only spaces.';
  if (isCommonPassword(password)) return 'This password is among the 10,000 most common ones: choose another.';
  const inputs = personal.flatMap((value) => [value, ...value.split(/[@.\s_-]+/)].map((part) => part.toLowerCase())).filter((part) => part.length >= 3);
  const forms = [...new Set([password, normalised.toLowerCase()])];
  const score = Math.min(...forms.map((form) => strength().check(form, inputs).score));
  return score < MIN_SCORE ? TOO_GUESSABLE : null;
}
