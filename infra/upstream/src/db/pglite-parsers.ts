import { type PGlite, types } from '@electric-sql/pglite';
import { type QueryOptions, wrapQueries } from './pglite-queries';

/** The types drizzle's PGlite driver reads as text and maps itself: dates, intervals, numeric and date arrays. */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

/**
 * drizzle hands PGlite the same parsers with every query (TEXT_TYPES as text), and PGlite copies
 * its three hundred parsers to merge them in each time: about 8 % of the upstream's CPU while a
 * feed is ingested. They are set on the client once instead, and a query whose parsers are only
 * those goes without them; the rows are the same. Once the client is ready (its array types are
 * read then, which would replace the array ones).
 */
export function setParsersOnce(client: PGlite): void {
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
  const plain = (options: QueryOptions): QueryOptions => {
    const given = options?.parsers;
    if (!given) return options;
    // Only what the client already does: anything else (or a parser reset since) is passed on.
    for (const type of Object.keys(given)) if (client.parsers[type] !== asText) return options;
    return { ...options, parsers: undefined };
  };
  wrapQueries(client, (query) => (text, params, options) => query(text, params, plain(options)));
}
