import { Type, type Static } from 'typebox';

/** Languages the product offers (SPEC §1), with the names the console shows. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'da', name: 'Danish' },
  { code: 'sv', name: 'Swedish' },
  { code: 'no', name: 'Norwegian' },
  { code: 'fr', name: 'French' },
  { code: 'nl', name: 'Dutch' },
  { code: 'fi', name: 'Finnish' },
  { code: 'it', name: 'Italian' },
  { code: 'es', name: 'Spanish' },
  { code: 'es-mx', name: 'Mexican Spanish' },
  { code: 'es-co', name: 'Colombian Spanish' },
  { code: 'es-pa', name: 'Panamanian Spanish' },
  { code: 'ro', name: 'Romanian' },
] as const;

export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code);
export const DEFAULT_LANGUAGE = 'en';

/** A supported language code, as replies carry it. */
export const LanguageCode = Type.Enum(LANGUAGE_CODES);
export type LanguageCode = Static<typeof LanguageCode>;

/**
 * A language code as a request carries it. Deliberately looser than `LanguageCode`: a code that is
 * well-formed text but not supported must reach the service, which answers with the exact message
 * of SPEC §8 ('Invalid language code: {code}.', see `languageCodeError`) instead of a generic
 * schema error.
 */
export const LanguageCodeInput = Type.String({ minLength: 1, maxLength: 16 });
