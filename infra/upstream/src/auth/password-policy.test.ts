import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy';

describe('password rules', () => {
  it('refuses a password among the 10,000 most common, whatever its case, with a message that says so', () => {
    expect(passwordProblem('unbelievable')).toBe('This password is among the 10,000 most common ones: choose another.');
    expect(passwordProblem('Masturbation')).toBe('This password is among the 10,000 most common ones: choose another.');
  });

  it('says a short one is too short before anything else', () => {
    expect(passwordProblem('password')).toBe('Choose a password of at least 12 characters.');
  });

  it('takes a long one that is not on the list', () => {
    expect(passwordProblem('unbelievable tide')).toBeNull();
  });
});
