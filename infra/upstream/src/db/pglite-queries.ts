import type { PGlite } from '@electric-sql/pglite';

export type QueryOptions = { parsers?: Record<number | string, unknown> } | undefined;
export type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;
type Queries = { query: Query };

/**
 * Puts `wrap` around a PGlite client's `query`, and around the `query` of every transaction it
 * opens (drizzle runs a transaction's statements on the handle PGlite gives its callback).
 */
export function wrapQueries(client: PGlite, wrap: (query: Query) => Query): void {
  const wrapped = <T extends Queries>(target: T): T => {
    target.query = wrap(target.query.bind(target));
    return target;
  };
  wrapped(client as unknown as Queries);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) => transaction((tx) => callback(wrapped(tx as unknown as Queries) as unknown as typeof tx));
}
