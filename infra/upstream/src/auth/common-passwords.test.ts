import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('the common-password list', () => {
  it('knows the most common passwords, long ones included, whatever their case', () => {
    for (const password of ['password', '123456', 'baseball', 'unbelievable', 'Masturbation', 'contortionist']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets through what is not on it, prefixes and extensions of listed ones included', () => {
    for (const password of ['correct horse battery staple', 'passwordpassword', 'unbelievable!', 'unbelievabl']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});
