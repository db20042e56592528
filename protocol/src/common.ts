import { Type, type Static, type TSchema } from 'typebox';

/** A database id as it travels in JSON. */
export const Id = Type.Integer({ minimum: 1 });

/** An id in a URL path: digits only, coerced to a number by the server's validator. */
export const IdParam = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** ISO-8601 timestamp, always UTC. */
export const Timestamp = Type.String({ format: 'date-time' });

/** Calendar date as the console shows and filters it (SPEC §9: YYYY-MM-DD). */
export const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const OrderDir = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);

/** Paging and sorting shared by every list call: start offset, page size and sort key (a leading '-' sorts descending). */
export const ListQuery = {
  start: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  order_by: Type.Optional(Type.String({ maxLength: 64 })),
  order_dir: Type.Optional(OrderDir),
};

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
