import { FeedMessage } from '@odds/protocol';
import { compileValidator } from '../http/validation';

type Schema = { type?: unknown; const?: unknown; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };

/** A branch of a union fits an object when every `const` property it names (the `type` tag) matches. */
const fits = (branch: Schema, value: Record<string, unknown>) =>
  branch.type === 'object' && Object.entries(branch.properties ?? {}).every(([key, p]) => p.const === undefined || value[key] === p.const);

/**
 * A copy of `value` with only the fields `schema` declares (objects, arrays, unions and nullable
 * objects walked together), for a value that has passed the schema's check: what TypeBox's
 * Value.Clean does, at a fraction of its cost (~0.5 ms a feed message against a few µs here).
 */
function pruneTo(schema: Schema, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return schema.items ? value.map((item) => pruneTo(schema.items!, item)) : value;
  const record = value as Record<string, unknown>;
  if (schema.anyOf) {
    const branch = schema.anyOf.find((b) => fits(b, record));
    return branch ? pruneTo(branch, record) : record;
  }
  if (schema.type !== 'object' || !schema.properties) return record;
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties)) if (key in record) out[key] = pruneTo(property, record[key]);
  return out;
}

const validate = compileValidator(FeedMessage, 'body');

/**
 * Checks one feed message taken off the broker with the rules of the HTTP ingest route's body (the
 * same compiled validator: types, formats, no NUL character Postgres could not store) and drops
 * the fields the feed schema does not declare. Returns the message, or why it is not one.
 */
export function checkFeedMessage(value: unknown): { ok: true; message: FeedMessage } | { ok: false; reason: string } {
  if (!validate(value)) {
    const first = validate.errors?.[0];
    return { ok: false, reason: `not a feed message: ${first ? `${first.instancePath || '/'} ${first.message}` : 'invalid'}` };
  }
  return { ok: true, message: pruneTo(FeedMessage as Schema, value) as FeedMessage };
}
