import fc from 'fast-check';
import { HOSTILE_TEXTS } from './values';

/**
 * Hostile input aimed at the relay itself rather than at the services' routes: addresses with
 * percent-escapes, tokens in live handshakes, `/live` messages, prototype-pollution bodies.
 */

const hex = (byte: number) => byte.toString(16).padStart(2, '0');

/** Query text made of escapes (valid UTF-8 or not: %ff, overlongs, lone surrogates, cut sequences) and plain ASCII. */
export const escapedText = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }).map((byte) => `%${hex(byte)}`),
      fc.integer({ min: 0, max: 255 }).map((byte) => `%${hex(byte).toUpperCase()}`),
      fc.constantFrom('%C0%AF', '%ED%A0%80', '%F0%9F%98%80', '%C3%A9', '%E2%82', '%', '%%', '%g1', '%2', 'a', '-', '.', '_', '~', '+', '=', '&'),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** Whether a URL's escapes decode (what the relay checks before anything else). */
export function decodable(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** Tokens a live handshake may carry: none of them valid (empty, hostile, long, huge, control characters, non-Latin-1). */
export const bogusToken = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(...HOSTILE_TEXTS),
  fc.constantFrom('Token x', 'a\r\nx-injected: 1', 'é'.repeat(43), '😀'.repeat(20), ' '.repeat(43)),
  fc.integer({ min: 200, max: 40_000 }).map((n) => 't'.repeat(n)),
);

/** Any JSON value or text a `/live` client might send instead of a message. */
export const liveMessageText = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        event: fc.oneof(fc.constantFrom('auth', 'watch', 'unwatch', 'resync', 'editing', 'shout', '__proto__'), fc.string()),
        data: fc.jsonValue({ maxDepth: 3 }),
        id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
      },
      { requiredKeys: ['event'] },
    )
    .map((value) => JSON.stringify(value)),
  fc.constantFrom(
    'null',
    'true',
    '42',
    '"watch"',
    '[]',
    '[{"event":"watch"}]',
    '{',
    '',
    ' ',
    '\u0000',
    '{"__proto__":{"event":"watch"}}',
    '{"event":"watch","data":null}',
  ),
  fc.string({ maxLength: 200 }),
);

/** A JSON body that smuggles `__proto__` (or `constructor.prototype`) somewhere, maybe escaped. */
export const pollutedBody = fc
  .tuple(
    fc.constantFrom('"__proto__"', '"\\u005f_proto__"', '"__proto\\u005f_"', 'constructor'),
    fc.array(fc.constantFrom('name', 'limiter', 'a', 'channels', 'x'), { maxLength: 4 }),
  )
  .map(([key, path]) => {
    const inner = key === 'constructor' ? '{"constructor":{"prototype":{"admin":true}}}' : `{${key}:{"admin":true}}`;
    const nested = path.reduceRight((value, name) => `{"${name}":${value}}`, inner);
    return { text: `{"name":"fuzz","email":"fuzz@example.com","nested":${nested}}`, proto: key !== 'constructor' };
  });
