import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * The one place that decides what a request may carry. Every route's params, query and
 * body schemas (the protocol's) are compiled here:
 *
 * - JSON bodies are checked as they are: no type coercion, so `{"active": "false"}` or
 *   `{"value": ["x"]}` is refused rather than saved as `false` or `"x"`.
 * - Path parameters, query strings and multipart form fields arrive as text, so there ajv converts
 *   them to the schema's types, but only from plain decimal digits: ajv's own coercion takes
 *   `Infinity`, `1e400`, `0x10` or ` 12 ` for numbers, and lets an infinite one past `maximum`.
 * - No text anywhere may hold U+0000 (PostgreSQL cannot store it in text).
 *
 * A refusal is an ajv-style error, so the error handler words it like any other (SPEC §8).
 */

/** Parts whose values come as text and are converted to the schema's types. */
const TEXT_PARTS = new Set(['params', 'querystring', 'headers']);

/** The part to name to `compileValidationSchema` for multipart form fields: text, converted like a query. */
export const FORM_PART = 'querystring';

const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
/** Longer digit strings lose precision (or become Infinity) as numbers; no schema here allows them. */
const MAX_DIGITS = 15;

// removeAdditional 'all': a property no schema names is dropped wherever it is, whether or not the
// schema says additionalProperties: false, so nothing but the schema's fields reaches the database.
const baseOptions = { useDefaults: true, removeAdditional: 'all', allErrors: false, addUsedSchema: false } as const;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ ...baseOptions, coerceTypes: coerce ? 'array' : false });
  addFormats(ajv);
  return ajv;
}

const strict = makeAjv(false);
const coercing = makeAjv(true);

type Schema = Record<string, unknown>;
type Refusal = Pick<ErrorObject, 'instancePath' | 'message'>;

const typesOf = (schema: Schema): string[] => {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
};

/** The branches a value may take: the schema itself, or each of its anyOf/oneOf alternatives. */
const branchesOf = (schema: Schema): Schema[] => (schema.anyOf ?? schema.oneOf ?? [schema]) as Schema[];

/**
 * Text given where the schema wants a number must be plain decimal digits. Walks the schema and
 * the value together (objects, arrays, unions); returns the first refusal, or null.
 */
function numberTextRefusal(schema: Schema, value: unknown, path: string): Refusal | null {
  const branches = branchesOf(schema);
  if (typeof value === 'string') {
    const types = branches.flatMap(typesOf);
    const wantsText = types.includes('string') || branches.some((b) => typeof b.const === 'string' || Array.isArray(b.enum));
    if (wantsText || value === '') return null;
    // A single query value given for a list (`ids=1`) becomes a list of one: judge it as an item.
    const list = branches.find((b) => typesOf(b).includes('array') && b.items && typeof b.items === 'object');
    if (list) return numberTextRefusal(list.items as Schema, value, `${path}/0`);
    const numeric = types.includes('integer') || types.includes('number');
    if (numeric && value.replace(/^-/, '').split('.')[0]!.length > MAX_DIGITS && NUMBER_TEXT.test(value)) {
      return { instancePath: path, message: 'is too large' };
    }
    if (types.includes('integer') && !types.includes('number') && !INTEGER_TEXT.test(value)) {
      return { instancePath: path, message: 'must be integer' };
    }
    if (types.includes('number') && !NUMBER_TEXT.test(value)) {
      return { instancePath: path, message: 'must be number' };
    }
    return null;
  }
  for (const branch of branches) {
    if (Array.isArray(value) && branch.items && typeof branch.items === 'object') {
      for (let i = 0; i < value.length; i++) {
        const refusal = numberTextRefusal(branch.items as Schema, value[i], `${path}/${i}`);
        if (refusal) return refusal;
      }
    } else if (value && typeof value === 'object' && !Array.isArray(value) && branch.properties) {
      const properties = branch.properties as Record<string, Schema>;
      for (const [key, item] of Object.entries(value)) {
        const refusal = properties[key] ? numberTextRefusal(properties[key], item, `${path}/${key}`) : null;
        if (refusal) return refusal;
      }
    }
  }
  return null;
}

/**
 * The first text (string value or object key) holding U+0000, anywhere in the value. Iterative, so a
 * deeply nested body cannot overflow the stack.
 */
export function nulRefusal(value: unknown): Refusal | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return { instancePath: path, message: 'must not contain the NUL character (U+0000)' };
    } else if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) stack.push([item[i], `${path}/${i}`]);
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return { instancePath: path, message: 'must not have a field name containing the NUL character (U+0000)' };
        stack.push([child, `${path}/${key}`]);
      }
    }
  }
  return null;
}

const asErrors = (refusal: Refusal): ErrorObject[] => [{ keyword: 'strict', schemaPath: '#', params: {}, ...refusal }];

/**
 * Builds the validator of one schema for one part of the request. The returned function is what
 * Fastify (and `request.compileValidationSchema`) calls: false with `errors` set on refusal.
 */
export function compileValidator(schemaObject: object, httpPart: string | undefined): ValidateFunction {
  const schema = schemaObject as Schema;
  const text = TEXT_PARTS.has(httpPart ?? '');
  const validate = (text ? coercing : strict).compile(schema);
  const guarded = ((data: unknown) => {
    const refusal = nulRefusal(data) ?? (text ? numberTextRefusal(schema, data, '') : null);
    if (refusal) {
      guarded.errors = asErrors(refusal);
      return false;
    }
    const valid = validate(data);
    guarded.errors = validate.errors ?? null;
    return valid;
  }) as ValidateFunction;
  guarded.schema = schema;
  return guarded;
}

/** Fastify's validator compiler for every route of the app (see `buildUpstream`). */
export const validatorCompiler: FastifySchemaCompiler<Schema> = ({ schema, httpPart }) => compileValidator(schema, httpPart);
