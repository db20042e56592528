import type { PGlite } from '@electric-sql/pglite';

export type QueryOptions = { parsers?: Record<number | string, unknown> } | undefined;
export type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;
type Queries = { query: Query };

/**
 * Puts `wrap` around a PGlite client's `query`, and around the `query` of every transaction it
 * opens (drizzle runs a transaction's statements on the handle PGlite gives its callback), saying which.
 */
export function wrapQueries(client: PGlite, wrap: (query: Query, inTransaction: boolean) => Query): void {
  const wrapped = <T extends Queries>(target: T, inTransaction: boolean): T => {
    target.query = wrap(target.query.bind(target), inTransaction);
    return target;
  };
  wrapped(client as unknown as Queries, false);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) => transaction((tx) => callback(wrapped(tx as unknown as Queries, true) as unknown as typeof tx));
}
