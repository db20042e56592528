import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/** The largest value of a database integer column (PostgreSQL `integer`, 32 bits). */
export const DB_INT_MAX = 2147483647;

/** A database id as it travels in JSON: bounded to the column's range, so a bad id is a 400, not a database error. */
export const Id = Type.Integer({ minimum: 1, maximum: DB_INT_MAX });

/** An id in a URL path or query: digits only, converted to a number by the server's validator. */
export const IdParam = Type.Integer({ minimum: 1, maximum: DB_INT_MAX });

const SCALAR_TYPES = ['string', 'integer', 'number', 'boolean'];

/**
 * A value or null. A scalar schema (one JSON `type`) becomes `type: [type, 'null']` instead of
 * `anyOf`: the upstream validates text (path, query, form fields) with ajv's coerceTypes, and ajv coerces
 * inside an anyOf branch, so a JSON null would become 0 or '' before the null branch is tried
 * (a rate limit of 0, a line of 0, an empty address). With a list of types ajv leaves a value that
 * already matches one of them alone. Other schemas (objects, enums, literals) keep the union.
 */
export const Nullable = <T extends TSchema>(schema: T): TUnsafe<Static<T> | null> => {
  const type = (schema as { type?: unknown }).type;
  return typeof type === 'string' && SCALAR_TYPES.includes(type)
    ? Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] })
    : Type.Unsafe<Static<T> | null>(Type.Union([schema, Type.Null()]));
};

/** ISO-8601 timestamp, always UTC; years 1000 to 9999 (the database has no year 0). */
export const Timestamp = Type.String({ format: 'date-time', pattern: '^[1-9]\\d{3}-' });

/**
 * Calendar date as the console shows and filters it (SPEC §9: YYYY-MM-DD): a real one (format
 * `date`: no 2024-02-30), in years 1000 to 9999 (the database has no year 0).
 */
export const DateString = Type.String({ pattern: '^[1-9]\\d{3}-\\d{2}-\\d{2}$', format: 'date' });

export const OrderDir = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);

/** Paging and sorting shared by every list call: start offset, page size and sort key (a leading '-' sorts descending). */
export const ListQuery = {
  start: Type.Optional(Type.Integer({ minimum: 0, maximum: DB_INT_MAX, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  order_by: Type.Optional(Type.String({ maxLength: 64 })),
  order_dir: Type.Optional(OrderDir),
};

/** Most records an `ids` filter names at once. */
export const IDS_MAX = 100;
/**
 * A match table's list filtered to these records (`ids=3,7`), those that still exist: what the
 * relay reads when change notices name what moved (docs/live-path.md, "Tables read by id").
 */
export const IdsQuery = {
  ids: Type.Optional(Type.String({ pattern: `^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${IDS_MAX - 1}}$` })),
};

/** The ids of an `ids` filter (IdsQuery); one above the database's integers names no record. */
export function idsOf(ids: string | undefined): number[] | undefined {
  return ids === undefined
    ? undefined
    : ids
        .split(',')
        .map(Number)
        .filter((id) => id <= DB_INT_MAX);
}

/** Reply of every paged list call (SPEC §7: results, total, limit). */
export const ListReply = <T extends TSchema>(item: T) =>
  Type.Object({ results: Type.Array(item), total: Type.Integer({ minimum: 0 }), limit: Type.Integer({ minimum: 1 }) });
export type ListReply<T> = { results: T[]; total: number; limit: number };

/** Every error reply: the message is shown to the operator as-is (SPEC §8). */
export const ErrorReply = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  error: Type.String(),
  message: Type.String(),
});
export type ErrorReply = Static<typeof ErrorReply>;

export const SuccessReply = Type.Object({ success: Type.Boolean() });

/** Table page size when the server does not say otherwise (SPEC §9). */
export const DEFAULT_PAGE_SIZE = 20;

/** An entity as another one names it (market of a threshold, contact of a delivery...). */
export const NamedRef = Type.Object({ id: Id, name: Type.String() });
export type NamedRef = Static<typeof NamedRef>;

/**
 * Sort key of the calls SPEC §7 gives a `sort` parameter (contacts, contents, events, deliveries);
 * a leading '-' sorts descending. The pattern keeps it a column name, never an expression.
 */
export const Sort = Type.String({ pattern: '^-?[A-Za-z_][A-Za-z0-9_.]{0,63}$' });

/**
 * Provider and sport as query parameters, for the calls SPEC §7 lists without {p}/{s} in the
 * path (teams, contacts, trackers, contents, groups, lists) that still work on the console's
 * selected provider and sport. Optional: a service may fall back to the defaults (1 and 1).
 */
export const ProviderSportQuery = {
  provider: Type.Optional(IdParam),
  sport: Type.Optional(IdParam),
};

/** Decimal odds as integer thousandths (ARCHITECTURE: 2.150 is 2150); odds below 1.0 do not exist. */
export const Odds = Type.Integer({ minimum: 1000, maximum: 1_000_000 });

/** A handicap or total line in thousandths, as the feed gives it (quarter lines included). */
export const Line = Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 });

/** A line an operator can choose: -18 to 18 in steps of 0.5, in thousandths (SPEC §5). */
export const LineOption = Type.Integer({ minimum: -18_000, maximum: 18_000, multipleOf: 500 });

/** A match period an operator can choose (SPEC §5: 1 to 4). */
export const Period = Type.Integer({ minimum: 1, maximum: 4 });

/** Reply of a call that removes things: how many went. */
export const DeleteReply = Type.Object({ success: Type.Boolean(), deleted: Type.Integer({ minimum: 0 }) });
export type DeleteReply = Static<typeof DeleteReply>;

/** Free text an operator types (content, names); bounded so one request cannot carry megabytes. */
export const BoundedString = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength });
