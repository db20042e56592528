import type { PGlite } from '@electric-sql/pglite';
import { type Query, wrapQueries } from './pglite-queries';

/** A statement is prepared at its third run (one run alone, a migration or a report, is not kept). */
const RUNS_BEFORE_PREPARED = 2;
/** Statements kept prepared at most (texts that embed values, were there any, would otherwise pile up). */
const MAX_PREPARED = 256;
/** Texts counted at most. */
const MAX_TRACKED = 4_096;
/** A text that failed to prepare this often is always run as it is. */
const MAX_FAILURES = 3;

/** What PREPARE takes: a query or a data change (not a transaction's or a session's command). */
const PREPARABLE = /^[\s(]*(select|insert|update|delete|with|values)\b/i;

interface Statement {
  runs: number;
  failures: number;
  name?: string;
  preparing?: Promise<string | null>;
}

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
  const statements = new Map<string, Statement>();
  let prepared = 0;
  let named = 0;

  const prepare = async (query: Query, inTransaction: boolean, text: string, statement: Statement): Promise<string | null> => {
    named += 1;
    const name = `odds_prepared_${named}`;
    // In a transaction a refused PREPARE would abort it: under a savepoint, only the PREPARE is undone.
    if (inTransaction) await query('SAVEPOINT odds_prepare');
    try {
      await query(`PREPARE ${name} AS ${text}`);
      if (inTransaction) await query('RELEASE SAVEPOINT odds_prepare');
      prepared += 1;
      statement.name = name;
      return name;
    } catch {
      if (inTransaction) await query('ROLLBACK TO SAVEPOINT odds_prepare');
      // Not preparable: run as it is, and tried again later (a few times).
      statement.failures += 1;
      statement.preparing = undefined;
      return null;
    }
  };

  wrapQueries(client, (query, inTransaction) => async (text, params = [], options) => {
    if (!PREPARABLE.test(text)) return query(text, params, options);
    const values = params.map(literal);
    let statement = statements.get(text);
    if (!statement && statements.size < MAX_TRACKED) {
      statement = { runs: 0, failures: 0 };
      statements.set(text, statement);
    }
    if (!statement || values.some((value) => value === undefined)) return query(text, params, options);
    statement.runs += 1;
    if (!statement.name) {
      if (statement.runs <= RUNS_BEFORE_PREPARED || statement.failures >= MAX_FAILURES || prepared >= MAX_PREPARED) return query(text, params, options);
      statement.preparing ??= prepare(query, inTransaction, text, statement);
      if (!(await statement.preparing)) return query(text, params, options);
    }
    return query(values.length ? `EXECUTE ${statement.name}(${values.join(', ')})` : `EXECUTE ${statement.name}`, [], options);
  });
}
