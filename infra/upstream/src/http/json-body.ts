import createError from '@fastify/error';
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';

/** Objects and arrays inside one another a body may hold; no request of the services needs more than a handful. */
export const MAX_JSON_DEPTH = 32;

const TooDeep = createError(
  'BODY_TOO_DEEP',
  `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays are accepted.`,
  400,
);
const ForbiddenKey = createError<[string]>(
  'BODY_FORBIDDEN_KEY',
  'The request body may not contain the key %s (it could change how objects behave on the server).',
  400,
);
const NotJson = createError<[string]>('BODY_NOT_JSON', 'The request body is not valid JSON: %s', 400);

/**
 * How deeply objects and arrays nest in a JSON text, counted before it is parsed (one pass over the
 * characters, strings skipped): a body of 30 KB of `{"a":` must not reach JSON.parse, the
 * validator's recursion, or the database driver's serialiser.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/**
 * The services' JSON body parser (in place of Fastify's): within the body limit, refuses nesting
 * deeper than MAX_JSON_DEPTH before parsing, and names what was wrong: a `__proto__` or
 * `constructor.prototype` key (prototype pollution), or where the JSON breaks.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new NotJson('it is empty (send a JSON value, or no Content-Type)'), undefined);
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(new TooDeep(), undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      const message = (error as Error).message;
      // secure-json-parse says 'prototype property' for both (a constructor.prototype too).
      if (/forbidden (prototype|constructor) property/.test(message)) {
        // JSON.parse makes `__proto__` an own key (it pollutes nothing): found there, however escaped.
        return done(new ForbiddenKey(hasProtoKey(JSON.parse(text)) ? '"__proto__"' : '"constructor" with a "prototype"'), undefined);
      }
      done(new NotJson(message), undefined);
    }
  });
}

/** Whether a parsed value holds a `__proto__` key at any depth (the text is within MAX_JSON_DEPTH). */
function hasProtoKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasProtoKey);
  return Object.keys(value).some((key) => key === '__proto__' || hasProtoKey((value as Record<string, unknown>)[key]));
}
