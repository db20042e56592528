import { isCommonPassword } from './common-passwords';

/** Shortest password an operator may choose (NIST SP 800-63B asks for at least 8; we ask 12). */
const MIN_PASSWORD_LENGTH = 12;
/** Longest: a password is hashed as given, and nobody types more than this. */
const MAX_PASSWORD_LENGTH = 1000;

/**
 * Why a password may not be chosen, in the operator's words, or null when it may. Every place a
 * password is set (operator command, invite and reset links, change my password) asks this.
 */
export function passwordProblem(password: string): string | null {
  const length = [...password.normalize('NFKC')].length;
  if (length < MIN_PASSWORD_LENGTH) return `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (length > MAX_PASSWORD_LENGTH) return `Choose a password of at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (password.trim().length === 0) return 'Choose a password that is not only spaces.';
  if (isCommonPassword(password)) return 'This password is among the 10,000 most common ones: choose another.';
  return null;
}
