import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** A statement prepared on a client: the text its name stands for, and the types of its parameters. */
interface Prepared {
  text: string;
  types: number[];
}

/** The statements prepared on each client (a prepared statement lasts as long as the session). */
const preparedOn = new WeakMap<PGlite, Map<string, Prepared>>();

/**
 * Runs `text` with `params` as the prepared statement `name` on a PGlite client. PGlite's query
 * sends every statement unnamed, so it is parsed and planned on every run; there is no option to
 * name one, and `EXECUTE name($1)` takes no bound parameters. So this speaks the protocol itself,
 * as PGlite's query does: the first run parses the text under the name (Parse and Describe, once
 * per client), every run binds the parameters to that name and executes it (Bind, Describe,
 * Execute and Sync in one message). The parameters are serialised and the rows parsed as PGlite
 * does them, with the client's parsers (set for drizzle's types by pglite-parsers.ts).
 *
 * `inTransaction`: the caller runs in a transaction of this client, which holds PGlite's
 * transaction lock; otherwise the run takes it, as PGlite's query does, so it never lands inside
 * another caller's transaction. A name stands for one text, as on node-postgres: another text
 * under a name already used is refused. A prepared statement outlives a rolled-back transaction.
 */
export async function queryPrepared<T>(client: PGlite, inTransaction: boolean, name: string, text: string, params: unknown[]): Promise<Results<T>> {
  await client._checkReady();
  const run = async () => {
    let statements = preparedOn.get(client);
    if (!statements) {
      statements = new Map();
      preparedOn.set(client, statements);
    }
    let statement = statements.get(name);
    if (statement && statement.text !== text) throw new Error(`prepared statement ${name} was given another text`);
    if (!statement) {
      const described = await client.execProtocolStream(
        Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        {
          syncToFs: false,
        },
      );
      statement = { text, types: parse.parseDescribeStatementResults(described) };
      statements.set(name, statement);
    }
    const { types } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialise = client.serializers[types[i]!];
      return serialise ? serialise(value) : String(value);
    });
    const messages = await client.execProtocolStream(
      Buffer.concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: !inTransaction },
    );
    return parse.parseResults(messages, client.parsers)[0] as Results<T>;
  };
  return inTransaction ? client.runExclusive(run) : client._runExclusiveTransaction(() => client.runExclusive(run));
}
