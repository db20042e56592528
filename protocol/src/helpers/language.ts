import { LANGUAGES, type LanguageCode } from '../entities/language';

type Language = (typeof LANGUAGES)[number];

export const isLanguageCode = (code: string): code is LanguageCode => LANGUAGES.some((l) => l.code === code);

/** The message of SPEC §5/§8, exactly. */
export const invalidLanguageMessage = (code: string): string => `Invalid language code: ${code}.`;

/** Null for a supported code, else the message to show (or to send back with a 400). */
export const languageCodeError = (code: string): string | null => (isLanguageCode(code) ? null : invalidLanguageMessage(code));

/** The display name of a code; throws with the SPEC §8 message for an unsupported one. */
export function languageName(code: string): string {
  const language = LANGUAGES.find((l) => l.code === code);
  if (!language) throw new Error(invalidLanguageMessage(code));
  return language.name;
}

/**
 * The languages a provider offers (its meta.languages), in the product's order; codes the product
 * does not support are left out, since nothing could be written or sent in them.
 */
export const providerLanguages = (codes: readonly string[]): Language[] => LANGUAGES.filter((language) => codes.includes(language.code));
