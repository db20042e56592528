import type { PGlite } from '@electric-sql/pglite';
import { type HotStatement, HotStatements } from './hot-statements';
import { type Query, wrapQueries } from './pglite-queries';

/** A text that failed to prepare this often is always run as it is. */
const MAX_FAILURES = 3;

/**
 * A parameter as an SQL literal of unknown type, which the prepared statement's parameter type
 * takes exactly as it takes the text PGlite sends for it; undefined for what is not plain text (a
 * NUL, which would end the statement's text, or a value PGlite would serialise itself).
 * standard_conforming_strings is on (checked before): only the quote is special in a literal.
 */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return value.includes('\0') ? undefined : `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === 'bigint') return `'${value}'`;
  return undefined;
}

/** Where a hot statement stands on this client: prepared under `name`, being prepared, or refused so often. */
interface Preparation {
  name: string;
  prepared: boolean;
  preparing?: Promise<boolean>;
  failures: number;
}

/**
 * PGlite parses and plans every statement afresh (its driver sends each one unnamed): for the
 * engine's write statement and the relay's safety check that is about half their cost. A
 * statement run a third time is prepared once (`PREPARE`, whose parameter types are inferred as
 * for the unnamed one) and from then on run as `EXECUTE name('…', …)`: parsed in a breath, planned
 * from the cached plan. The rows, the command and the affected count are the same; a prepared
 * statement outlives a rolled-back transaction. Anything else runs as it is.
 */
export async function preparePlans(client: PGlite): Promise<void> {
  const [setting] = (await client.query<{ on: string }>(`select current_setting('standard_conforming_strings') as on`)).rows;
  if (setting?.on !== 'on') return;
  const hot = new HotStatements('odds_prepared_');
  const preparations = new WeakMap<HotStatement, Preparation>();

  const prepare = async (query: Query, inTransaction: boolean, text: string, preparation: Preparation): Promise<boolean> => {
    // In a transaction a refused PREPARE would abort it: under a savepoint, only the PREPARE is undone.
    let saved = false;
    try {
      if (inTransaction) {
        await query('SAVEPOINT odds_prepare');
        saved = true;
      }
      await query(`PREPARE ${preparation.name} AS ${text}`);
      if (saved) await query('RELEASE SAVEPOINT odds_prepare');
      preparation.prepared = true;
      return true;
    } catch {
      // An aborted transaction refuses the savepoint too: the statement then fails as it would have.
      if (saved) await query('ROLLBACK TO SAVEPOINT odds_prepare');
      // Not preparable: run as it is, and tried again later (a few times, under another name).
      preparation.failures += 1;
      preparation.name += 'r';
      preparation.preparing = undefined;
      return false;
    }
  };

  wrapQueries(client, (query, inTransaction) => async (text, params = [], options) => {
    const statement = hot.run(text);
    if (!statement) return query(text, params, options);
    let preparation = preparations.get(statement);
    if (!preparation) {
      preparation = { name: statement.name, prepared: false, failures: 0 };
      preparations.set(statement, preparation);
    }
    if (preparation.failures >= MAX_FAILURES) return query(text, params, options);
    const values = params.map(literal);
    if (values.some((value) => value === undefined)) return query(text, params, options);
    if (!preparation.prepared) {
      // Another run is preparing it: this one runs as it is (waiting could deadlock, were that
      // PREPARE queued behind the transaction this run belongs to).
      if (preparation.preparing) return query(text, params, options);
      preparation.preparing = prepare(query, inTransaction, text, preparation);
      if (!(await preparation.preparing)) return query(text, params, options);
    }
    const { name } = preparation;
    return query(values.length ? `EXECUTE ${name}(${values.join(', ')})` : `EXECUTE ${name}`, [], options);
  });
}
