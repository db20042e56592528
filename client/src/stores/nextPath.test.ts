import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './session';
import { consolePath } from './nextPath';

const ORIGIN = 'https://console.example';

/** Where a browser lands when sent to `path` from the console (the WHATWG URL parser browsers use). */
const landing = (path: string) => new URL(path, ORIGIN);

/** The payloads of the attack run: each sent the browser to evil.example after login. */
const REPORTED = ['/\\evil.example', '/\\/evil.example', '/%5Cevil.example', '/\t/evil.example', '/%09/evil.example'];

/** Pieces hostile `next` values are made of: slashes, backslashes, their escapes, control characters, schemes, hosts. */
const piece = fc.constantFrom(
  '/',
  '//',
  '\\',
  '/\\',
  '\\/',
  '%5C',
  '%5c',
  '%2F',
  '%2f',
  '%09',
  '%0A',
  '%0D',
  '%00',
  '\t',
  '\n',
  '\r',
  '\u0000',
  ' ',
  '\u3000',
  'evil.example',
  '@evil.example',
  'http:',
  'https:',
  'javascript:alert(1)',
  'data:',
  ':',
  '.',
  '..',
  '?',
  '#',
  '@',
  'matches',
  'login',
  'home',
  'match/1',
  '%2e%2e',
  'user:pass@',
  '\u2215',
  '\uff0f',
);
const hostile = fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));

describe('where a login goes (?next=)', () => {
  it.each(REPORTED)('sends %j home (it led off the console before)', (next) => {
    expect(afterLoginPath(`?next=${encodeURIComponent(next)}`, ORIGIN)).toBe('/');
    expect(afterLoginPath(`?next=${next}`, ORIGIN)).toBe('/');
  });

  it('never leaves the console, whatever the value', () => {
    fc.assert(
      fc.property(hostile, fc.boolean(), (next, encode) => {
        const path = afterLoginPath(`?next=${encode ? encodeURIComponent(next) : next}`, ORIGIN);
        expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
        expect(landing(path).origin).toBe(ORIGIN);
        // And what it keeps is a route of the console, never /login again.
        if (path !== '/') expect(landing(path).pathname).not.toMatch(/^\/login(\/|$)/);
      }),
      { numRuns: 5_000 },
    );
  });

  it('never leaves the console from arbitrary text either', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (tail) => {
        const path = consolePath(`/${tail}`, ORIGIN) ?? '/';
        expect(landing(path).origin).toBe(ORIGIN);
      }),
      { numRuns: 1_000 },
    );
  });

  it.each([
    ['/matches', '/matches'],
    ['/league/9/matches?page=2', '/league/9/matches?page=2'],
    ['/match/7/feed#top', '/match/7/feed#top'],
    ['/cms/edit/3', '/cms/edit/3'],
    ['/login', null],
    ['/login/?next=/matches', null],
    ['/api/1/session', null],
    ['/nowhere', null],
    ['//evil.example', null],
    ['https://evil.example/matches', null],
  ])('%j → %j', (next, expected) => {
    expect(consolePath(next, ORIGIN)).toBe(expected);
  });
});
