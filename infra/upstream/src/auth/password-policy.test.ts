import { describe, expect, it } from 'vitest';
import { passwordProblem, TOO_GUESSABLE } from './password-policy';

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

describe('password strength (an estimator, not only a list)', () => {
  it.each([
    'password1234',
    'Password1234',
    'PASSWORD1234',
    'passwordpassword',
    '123456789012',
    'aaaaaaaaaaaa',
    'qwertyuiopas',
    'abcdefghijkl',
    'Ｐａｓｓｗｏｒｄ１２３４',
  ])('refuses %s: long enough, yet guessable', (password) => {
    expect(passwordProblem(password)).toBe(TOO_GUESSABLE);
  });

  it('takes passphrases and random strings', () => {
    for (const password of ['a quiet harbour at dawn', 'correct horse battery staple', 'kd8#Lm2!pQz9', 'seven gulls on a pier']) {
      expect(passwordProblem(password), password).toBeNull();
    }
  });

  it('counts what an attacker knows of the account against it', () => {
    expect(passwordProblem('zbigniewkowalczyk')).toBeNull();
    expect(passwordProblem('zbigniewkowalczyk', ['zbigniew.kowalczyk@example.com', 'Zbigniew Kowalczyk'])).toBe(TOO_GUESSABLE);
    expect(passwordProblem('zbigniew@odds.example', ['zbigniew@odds.example', 'Zbigniew'])).toBe(TOO_GUESSABLE);
  });
});
