import { describe, expect, it } from 'vitest';
import { parseNumericInput } from './numeric';

describe('parseNumericInput', () => {
  it('reads text with a dot as a decimal', () => {
    expect(parseNumericInput('2.15')).toBe(2.15);
    expect(parseNumericInput('-0.5')).toBe(-0.5);
    expect(parseNumericInput('.5')).toBe(0.5);
    expect(parseNumericInput('3.')).toBe(3);
  });
  it('reads other text as an integer', () => {
    expect(parseNumericInput('42')).toBe(42);
    expect(parseNumericInput(' -7 ')).toBe(-7);
    expect(parseNumericInput('007')).toBe(7);
  });
  it('rejects garbage and empty text', () => {
    for (const text of ['', '  ', 'abc', '2,15', '1e3', '1.2.3', '12abc', '.', '+', '0x10', 'Infinity']) {
      expect(parseNumericInput(text), text).toBeNull();
    }
  });
  it('rejects integers too large to hold exactly', () => {
    expect(parseNumericInput('9007199254740993')).toBeNull();
  });
});
