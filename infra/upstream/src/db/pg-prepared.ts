import type { Pool, PoolClient } from 'pg';
import { HotStatements } from './hot-statements';

type QueryConfig = { text: string; name?: string };
type Queries = { query: (config: unknown, ...rest: unknown[]) => unknown };

/**
 * Postgres parses and plans every statement drizzle sends (unnamed): the engine's write statement
 * and the relay's safety check spend about half their time there. A statement run a third time
 * goes with a name from then on (HotStatements), and node-postgres prepares it once per connection
 * and runs it by name after: the same rows, planned from the cached plan. Statements already
 * named, or passed as text, run as they are.
 */
export function preparePlans(pool: Pool): void {
  const hot = new HotStatements('odds_');
  const named = <T extends Queries>(target: T): T => {
    const query = target.query.bind(target);
    // Whatever else a call passes goes on as it came: values, and a callback (the pool's own query passes one).
    target.query = (config: unknown, ...rest: unknown[]) => {
      // Only a plain config object is copied with a name (a Query or a cursor object is passed as it is).
      const plain = typeof config === 'object' && config !== null && Object.getPrototypeOf(config) === Object.prototype;
      if (!plain || (config as QueryConfig).name || typeof (config as QueryConfig).text !== 'string') return query(config, ...rest);
      const statement = hot.run((config as QueryConfig).text);
      return query(statement ? { ...(config as QueryConfig), name: statement.name } : config, ...rest);
    };
    return target;
  };
  // Every statement runs on one of the pool's clients (pool.query too): each is wrapped as it connects.
  pool.on('connect', (client: PoolClient) => named(client as unknown as Queries));
}
