import { LANGUAGES } from '@odds/protocol';

export interface LanguageOption {
  value: string;
  label: string;
}

const nameOf = (code: string) => LANGUAGES.find((language) => language.code === code)?.name ?? code;

/**
 * The languages a form offers: the provider's own (its meta.languages, in the product's order).
 * A saved value the provider no longer offers stays listed, marked, so the operator can see it
 * and take it out instead of it vanishing from view.
 */
export function languageOptions(providerCodes: readonly string[], selected: readonly string[] = []): LanguageOption[] {
  const offered = LANGUAGES.filter((language) => providerCodes.includes(language.code)).map((language) => ({ value: language.code, label: language.name }));
  const stale = selected.filter((code) => !providerCodes.includes(code)).map((code) => ({ value: code, label: `${nameOf(code)} (not offered)` }));
  return [...offered, ...stale];
}

/** The display name of a language code ('English' for 'en'); an unknown code shows as itself. */
export const languageLabel = nameOf;
