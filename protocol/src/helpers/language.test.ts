import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../entities/language';
import { isLanguageCode, languageCodeError, languageName, providerLanguages } from './language';

describe('language codes', () => {
  it('supports the thirteen languages of the spec', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual(['en', 'da', 'sv', 'no', 'fr', 'nl', 'fi', 'it', 'es', 'es-mx', 'es-co', 'es-pa', 'ro']);
    expect(isLanguageCode('es-mx')).toBe(true);
    expect(isLanguageCode('de')).toBe(false);
  });
  it('answers an unsupported code with the exact message', () => {
    expect(languageCodeError('en')).toBeNull();
    expect(languageCodeError('de')).toBe('Invalid language code: de.');
    expect(languageCodeError('')).toBe('Invalid language code: .');
    expect(() => languageName('xx')).toThrow('Invalid language code: xx.');
  });
  it('names languages', () => {
    expect(languageName('es-co')).toBe('Colombian Spanish');
  });
  it("limits choices to a provider's languages, in the product's order", () => {
    expect(providerLanguages(['sv', 'en', 'de']).map((l) => l.code)).toEqual(['en', 'sv']);
  });
});
