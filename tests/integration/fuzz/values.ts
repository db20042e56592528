import fc from 'fast-check';

/**
 * Values for the fuzz suite, made from the protocol's JSON schemas: `validValue` gives values the
 * schema accepts (mostly small ids, which exist in the seeded data), `fuzzedValue` the same with
 * any part swapped for something hostile, and `hostileText` / `hostileJson` the hostile parts.
 */

export type Schema = Record<string, unknown>;

const DB_INT_MAX = 2147483647;
const MAX_DEPTH = 4;

/** Text a client might put where a number, id or word belongs. */
export const HOSTILE_TEXTS = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '-1e400',
  '1e3',
  '1E3',
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '9'.repeat(400),
  '0x10',
  '0b1',
  ' 1',
  '1 ',
  '+1',
  '1.5',
  '00001',
  '',
  'abc',
  'true',
  'null',
  'undefined',
  '\u0000',
  'a\u0000b',
  '\u0000\u0000',
  '\ud800',
  '\uffff',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'Zàłgô̶̢͓',
  '😀',
  '\u202e',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%s%n%x',
  '../../etc/passwd',
  '{}',
  '[]',
  '-',
  '-id',
  'id,name',
  '2024-02-30',
  '0000-00-00',
  '0000-01-01',
  '9999-99-99T99:99:99Z',
  '0000-01-01T00:00:00Z',
  '2024-02-30T10:00:00Z',
];

const hugeString = fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n));

/** Deep arrays or objects: `[[[...]]]` or `{"a":{"a":...}}`. */
// JSON.stringify overflows here past ~3,000 levels; 5,000-8,000 are sent as text in json-body.test.ts.
const deep = fc.tuple(fc.integer({ min: 20, max: 3_000 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

/** Any JSON value a hostile client might send in place of the right one. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -0,
      -1,
      1.5,
      0.1,
      2147483648,
      -2147483649,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER,
      2 ** 53 + 1,
      [],
      {},
      [false],
      ['x'],
      [1],
      [null],
      { id: 1 },
      // Prototype pollution as JSON.parse makes it (own keys, sent as written): refused saying so.
      JSON.parse('{"__proto__":{"polluted":1}}'),
      JSON.parse('{"constructor":{"prototype":{"polluted":1}}}'),
    ),
  },
  { weight: 4, arbitrary: hostileText },
  { weight: 1, arbitrary: deep },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const typesOf = (schema: Schema): string[] => (Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : []);

function integerArb(schema: Schema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Math.max(min + 1000, 1000);
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : 1;
  // Mostly small values: ids of seeded rows are small, and so are sensible counts.
  const near = fc.integer({ min: Math.ceil(min / step), max: Math.floor(Math.min(max, min + 60 * step) / step) }).map((n) => n * step);
  const any = fc.integer({ min: Math.ceil(min / step), max: Math.floor(Math.min(max, DB_INT_MAX) / step) }).map((n) => n * step);
  return fc.oneof({ weight: 4, arbitrary: near }, { weight: 1, arbitrary: any });
}

function stringArb(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'date-time')
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (typeof schema.pattern === 'string')
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= ((schema.maxLength as number | undefined) ?? Infinity));
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.max(minLength, Math.min((schema.maxLength as number | undefined) ?? 30, 30));
  return fc.string({ minLength, maxLength });
}

/** Values the schema accepts (or nearly: formats and cross-field rules are not modelled). */
export function validValue(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  return value(schema, depth, false);
}

/** Like validValue, but any node may be replaced by a hostile value, and objects gain stray keys. */
export function fuzzedValue(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: value(schema, depth, true) }, { weight: 1, arbitrary: hostileJson });
}

function value(schema: Schema, depth: number, fuzz: boolean): fc.Arbitrary<unknown> {
  const child = (s: Schema) => (fuzz ? fuzzedValue(s, depth + 1) : validValue(s, depth + 1));
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return fc.oneof(...branches.map((b) => value(b, depth, fuzz)));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => value({ ...schema, type }, depth, fuzz)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArb(schema);
    case 'number':
      return fc
        .double({
          min: typeof schema.minimum === 'number' ? schema.minimum : -1e6,
          max: typeof schema.maximum === 'number' ? schema.maximum : 1e6,
          noNaN: true,
          noDefaultInfinity: true,
        })
        .filter((n) => typeof schema.exclusiveMinimum !== 'number' || n > schema.exclusiveMinimum);
    case 'string':
      return stringArb(schema);
    case 'array': {
      if (depth > MAX_DEPTH) return fc.constant([]);
      const items = (schema.items ?? {}) as Schema;
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? 3, 3));
      const list = fc.array(child(items), { minLength, maxLength });
      return schema.uniqueItems ? list.map((l) => [...new Map(l.map((v) => [JSON.stringify(v), v])).values()]) : list;
    }
    case 'object':
      return objectArb(schema, depth, fuzz);
    default:
      return depth > MAX_DEPTH ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArb(schema: Schema, depth: number, fuzz: boolean): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const child = (s: Schema) => (fuzz ? fuzzedValue(s, depth + 1) : validValue(s, depth + 1));
  const entries = Object.entries(properties).map(([key, s]) => {
    const arb = child(s);
    // Fuzzing also drops required fields now and then.
    return [key, required.has(key) && !fuzz ? arb : fc.option(arb, { nil: undefined, freq: required.has(key) ? 8 : 2 })] as const;
  });
  const record = fc
    .tuple(...entries.map(([, arb]) => arb))
    .map((values) => Object.fromEntries(entries.map(([key], i) => [key, values[i]]).filter(([, v]) => v !== undefined)));
  const extra =
    schema.additionalProperties && typeof schema.additionalProperties === 'object' && depth <= MAX_DEPTH
      ? fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), child(schema.additionalProperties as Schema), { maxKeys: 3 })
      : fc.constant({});
  const stray = fuzz
    ? fc.option(fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'id', 'extra', '\u0000'), hostileJson, { maxKeys: 2 }), { nil: {} })
    : fc.constant({});
  return fc.tuple(record, extra, stray).map(([r, e, s]) => ({ ...e, ...s, ...r }));
}

/** A value as it travels in a path segment or query string (objects and arrays as JSON). */
export const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
