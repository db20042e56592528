import fc from 'fast-check';
import type { RouteDef } from '@odds/protocol';
import { asText, fuzzedValue, hostileJson, hostileText, validValue, type Schema } from './values';

/** One request the fuzzer sends, as raw as HTTP allows. */
/** encodeURIComponent refuses lone surrogates: they travel as U+FFFD, as a browser would send them. */
const encode = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

interface Payload {
  headers: Record<string, string>;
  body?: Buffer;
}

export interface FuzzRequest {
  route: string;
  method: string;
  /** Path and query, already encoded (or deliberately mis-encoded). */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Path segments a client might send instead of an id: every hostile text, encoded, and broken encodings. */
const hostileSegment = fc.oneof(
  { weight: 5, arbitrary: hostileText.map((t) => encode(t.slice(0, 5000))) },
  { weight: 1, arbitrary: fc.constantFrom('%00', '%', '%ZZ', '%C0%80', '%ED%A0%80', '..', '.', '%2F', '%20', '1%00', ';1', '1;', '1,2') },
);

function paramValue(schema: Schema): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: validValue(schema).map((v) => encode(asText(v))) }, { weight: 2, arbitrary: hostileSegment });
}

function pathArb(route: RouteDef): fc.Arbitrary<string> {
  const names = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  const properties = ((route.params as Schema | undefined)?.properties ?? {}) as Record<string, Schema>;
  if (names.length === 0) return fc.constant(route.path);
  return fc
    .tuple(...names.map((name) => paramValue(properties[name] ?? { type: 'string' })))
    .map((values) => values.reduce((path, value, i) => path.replace(`:${names[i]}`, value), route.path));
}

/** Query strings: each known key left out, given a valid or a hostile value, or repeated; stray keys too. */
function queryArb(route: RouteDef): fc.Arbitrary<string> {
  const properties = ((route.query as Schema | undefined)?.properties ?? {}) as Record<string, Schema>;
  const pairs = Object.entries(properties).map(([key, schema]) =>
    fc.option(
      fc
        .oneof(
          { weight: 3, arbitrary: validValue(schema).map((v) => (Array.isArray(v) ? v.map(asText) : [asText(v)])) },
          {
            weight: 2,
            arbitrary: fc.array(
              hostileText.map((t) => t.slice(0, 20_000)),
              { minLength: 1, maxLength: 3 },
            ),
          },
        )
        .map((values) => values.map((v) => [key, v] as const)),
      { nil: [], freq: 2 },
    ),
  );
  const stray = fc.array(
    fc.tuple(
      fc.constantFrom('x', 'id', '__proto__', 'constructor', '\u0000', 'limit[]'),
      hostileText.map((t) => t.slice(0, 200)),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...pairs), stray).map(([known, extra]) => {
    const search = new URLSearchParams();
    for (const [key, value] of [...known.flat(), ...extra]) search.append(key, value);
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

const json = (value: unknown): Payload => ({ headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(value) ?? 'null') });
const raw = (contentType: string | null, text: string | Buffer): Payload => ({
  headers: contentType ? { 'content-type': contentType } : {},
  body: Buffer.isBuffer(text) ? text : Buffer.from(text),
});

/** Bodies that are not what any route takes: broken JSON, other media types, huge or deep ones. */
const badBody = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"a":',
      '[1,2',
      'nul',
      '"',
      '{"a":1}}',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '\u0000',
      '',
      ' ',
      '{"a":"\\u0000"}',
      '{"a":1e400}',
      '{"a":-1e400}',
      '\ufeff{}',
    )
    .map((text) => raw('application/json', text)),
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'application/octet-stream',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'image/png',
        'multipart/form-data',
        'multipart/form-data; boundary=zz',
        'x/y; ;;=',
      ),
      fc.string({ unit: 'binary', maxLength: 200 }),
    )
    .map(([type, text]) => raw(type, text)),
  fc.integer({ min: 1_000, max: 120_000 }).map((n) => raw('application/json', `${'['.repeat(n)}${']'.repeat(n)}`)),
  fc.integer({ min: 1_000, max: 60_000 }).map((n) => raw('application/json', `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`)),
  fc.constant(raw('application/json', `"${'x'.repeat(1024 * 1024 + 10)}"`)),
  fc.string({ unit: 'binary', maxLength: 100 }).map((text) => raw(null, text)),
);

/** A multipart/form-data body with the given fields and an optional file part. */
function multipartBody(fields: [string, string][], file?: { name: string; type: string; bytes: Buffer }): { headers: Record<string, string>; body: Buffer } {
  const boundary = '----fuzz7MA4YWxkTrZu0gW';
  const parts: Buffer[] = fields.map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="f.png"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.concat(parts) };
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function formArb(schema: Schema): fc.Arbitrary<{ headers: Record<string, string>; body: Buffer }> {
  const fields = fuzzedValue(schema).map((v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.entries(v).flatMap(([k, x]) => (Array.isArray(x) ? x.map((i) => [k, asText(i)] as [string, string]) : [[k, asText(x)] as [string, string]]))
      : [['value', asText(v)] as [string, string]],
  );
  const file = fc.option(
    fc.record({
      name: fc.constantFrom('image', 'other'),
      type: fc.constantFrom('image/png', 'image/svg+xml', 'text/plain', ''),
      bytes: fc.oneof(
        fc.constant(PNG),
        fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
      ),
    }),
    { nil: undefined },
  );
  const truncated = fc.tuple(fields, fc.integer({ min: 1, max: 400 })).map(([f, cut]) => {
    const whole = multipartBody(f);
    return { headers: whole.headers, body: whole.body.subarray(0, Math.max(0, whole.body.length - cut)) };
  });
  return fc.oneof(
    fc.tuple(fields, file).map(([f, x]) => multipartBody(f, x)),
    truncated,
  );
}

function bodyArb(route: RouteDef): fc.Arbitrary<Payload> {
  if (!route.body) {
    // Routes without a body still get one now and then: it must be ignored or refused, never crash.
    return fc.oneof({ weight: 4, arbitrary: fc.constant<Payload>({ headers: {} }) }, { weight: 1, arbitrary: fc.oneof(hostileJson.map(json), badBody) });
  }
  const schema = route.body as Schema;
  const choices: { weight: number; arbitrary: fc.Arbitrary<Payload> }[] = [
    { weight: 2, arbitrary: validValue(schema).map(json) },
    { weight: 6, arbitrary: fuzzedValue(schema).map(json) },
    { weight: 2, arbitrary: badBody },
    { weight: 1, arbitrary: fc.constant<Payload>({ headers: {} }) },
  ];
  if (route.multipart) choices.push({ weight: 6, arbitrary: formArb(schema) });
  return fc.oneof(...choices);
}

/** Every request the fuzzer may send to one route of the table. */
export function requestArb(name: string, route: RouteDef): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(pathArb(route), queryArb(route), bodyArb(route)).map(([path, query, { headers, body }]) => {
    const request: FuzzRequest = { route: name, method: route.method, url: `${path}${query}`, headers, ...(body && { body }) };
    // fast-check prints counterexamples with this: keep megabyte bodies readable.
    Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request) });
    return request;
  });
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

export const describeRequest = (request: FuzzRequest): string =>
  `${request.method} ${clip(request.url)} ${JSON.stringify(request.headers)} ${request.body ? JSON.stringify(clip(request.body.toString('utf8'))) : '(no body)'}`;
