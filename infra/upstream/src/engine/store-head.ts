import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { selectNamed } from '../db/named';
import { arrayLiteral } from './scopes';

/** What the first statement of a batch's write takes: the match's new live state and the rows that refer to no offer id. */
export interface HeadInput {
  matchId: number;
  /** The feed clock of the match's last message as the deciding cache held it (null: none yet): the fence. */
  decidedAfterMs: number | null;
  /** The live state after the batch, by column name. */
  live: Record<string, unknown>;
  offers: Record<string, unknown>[];
  events: Record<string, unknown>[];
  thresholdStates: Record<string, unknown>[];
  /** Kick-off time when this batch kicked the match off (an unplayed match's start moves there). */
  kickOffMs: number | null;
  nowMs: number;
  /**
   * The versions of the match's scopes the deciding cache holds (0: none yet), when they were not
   * read before deciding: the write then happens only while they are still those.
   */
  scopes?: ReadonlyMap<string, number>;
  /**
   * The push-ledger versions of rate-limited contacts the batch was decided with (0: no row), when
   * they were not read before deciding: the write happens only while they are still those.
   */
  ledger?: ReadonlyMap<number, number>;
}

export interface HeadResult {
  /** False when the match's live state was not where the deciding cache left it (nothing was written). */
  fenced: boolean;
  /** Id of each offer written, by source id (an offer already stored is absent). */
  offerIds: Map<string, number>;
  /** Ids of the events written, ascending (an event already stored is absent). */
  eventIds: number[];
  /**
   * The match's publication this batch is (docs/live-path.md, "Publications"): its epoch and offset,
   * one more than the last batch's; null when the batch wrote no offer or event (or was fenced).
   */
  publication: Publication | null;
  /** With `scopes` given and moved: their versions now (nothing was written). */
  movedScopes: Map<string, number> | null;
  /** With `ledger` given and moved: the contacts whose ledger moved (nothing was written). */
  movedLedger: number[] | null;
}

/** A match's numbered write: its offset counts from 1 within its epoch (a reset starts another). */
export interface Publication {
  epoch: string;
  offset: number;
}

const LIVE_COLUMNS = 'match_id, status, period, score, match_time, suspended, suspended_market_ids, kicked_off_at, last_goal_time, last_message_at';
const LIVE_SET = LIVE_COLUMNS.split(', ')
  .filter((c) => c !== 'match_id')
  .map((c) => `${c} = excluded.${c}`)
  .join(', ');

const iso = (ms: number) => new Date(ms).toISOString();
const columnsOf = (rows: Record<string, unknown>[]) =>
  sql.raw(
    Object.keys(rows[0]!)
      .map((c) => `"${c}"`)
      .join(', '),
  );

/** An insert of JSON rows (bulk.ts's shape) that writes only when the fence held: `live` returned its row. */
function fencedInsert(name: string, table: string, rows: Record<string, unknown>[], suffix: string): SQL {
  const columns = columnsOf(rows);
  return sql`, ${sql.raw(name)} as (insert into ${sql.identifier(table)} (${columns})
    select ${columns} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)
    where exists (select 1 from live) ${sql.raw(suffix)})`;
}

/**
 * A check of versions the batch was decided with against their table (rows with version 0 or none
 * are alike): a CTE `name` with the table's as one jsonb, whether they held, and them when they did not.
 */
function versionCheck(name: string, table: string, key: string, type: 'text' | 'int', expected: ReadonlyMap<string | number, number>) {
  const held = JSON.stringify(Object.fromEntries([...expected].filter(([, version]) => version > 0)));
  const cte = sql`${sql.raw(name)} as (select coalesce(jsonb_object_agg(${sql.raw(key)}, version), '{}'::jsonb) as v from ${sql.raw(table)}
    where ${sql.raw(key)} = any(${arrayLiteral([...expected.keys()])}::${sql.raw(type)}[]) and version > 0)`;
  return {
    cte,
    held: sql`(select v from ${sql.raw(name)}) = ${held}::jsonb`,
    now: sql`(select case when v = ${held}::jsonb then null else v end from ${sql.raw(name)})`,
  };
}

/**
 * The name the head statement runs under, prepared (db/named.ts): one per shape the statement
 * takes (which parts it has), as each shape is one text; the values are all parameters.
 */
function headName(input: HeadInput): string {
  const parts = {
    first: input.decidedAfterMs === null,
    scopes: input.scopes !== undefined,
    ledger: Boolean(input.ledger?.size),
    offers: input.offers.length > 0,
    events: input.events.length > 0,
    states: input.thresholdStates.length > 0,
    kickoff: input.kickOffMs !== null,
  };
  return `engine_head_${Object.values(parts)
    .map((has) => (has ? 1 : 0))
    .join('')}`;
}

/**
 * The fence and every write of a batch that needs no offer id, in ONE statement (on PGlite each
 * statement costs a fixed ~0.3–0.5 ms of parse, plan and protocol round trips, more than the rows):
 *
 * - `live`, first: the match's live state moves to the batch's, but only from where the deciding
 *   cache left it (a compare-and-set on last_message_at; with no message yet, an insert, or an
 *   update of a row that has none). It locks the row to the commit, so two deciders of one match
 *   take turns; when another decision moved it meanwhile it returns no row.
 * - offers, events, threshold states and the kick-off write only when `live` returned its row
 *   (each reads it, so it runs before them).
 *
 * Returns whether the fence held, the ids of what was written, and the publication the batch is
 * (its change notice carries that number, and the offers: engine.ts).
 */
export async function writeHead(tx: Tx, input: HeadInput): Promise<HeadResult> {
  const live = JSON.stringify(input.live);
  // The checks, when asked: the cache's versions (absent rows are version 0) against the tables'.
  const scopes = input.scopes && versionCheck('scopes_now', 'engine_scopes', 'scope', 'text', input.scopes);
  const ledger = input.ledger?.size ? versionCheck('ledger_now', 'contact_push_ledger', 'contact_id', 'int', input.ledger) : undefined;
  const checks = [scopes, ledger].filter((check) => check !== undefined);
  const scopesNow = checks.length
    ? sql`with ${sql.join(
        checks.map((check) => check.cte),
        sql`, `,
      )}, `
    : sql`with `;
  const scopesHeld = checks.length
    ? sql.join(
        checks.map((check) => check.held),
        sql` and `,
      )
    : sql`true`;
  // A batch that writes offers or events is the match's next publication (part of the text's shape).
  const bump = sql.raw(input.offers.length || input.events.length ? '1' : '0');
  const fence =
    input.decidedAfterMs === null
      ? sql`${scopesNow}live as (insert into match_live_states (${sql.raw(LIVE_COLUMNS)}, publication)
          select ${sql.raw(LIVE_COLUMNS)}, ${bump} from json_populate_record(null::match_live_states, ${live}::json) where ${scopesHeld}
          on conflict (match_id) do update set ${sql.raw(LIVE_SET)}, publication = match_live_states.publication + ${bump}
          where match_live_states.last_message_at is null
          returning publication, publication_epoch)`
      : sql`${scopesNow}live as (update match_live_states m set ${sql.raw(LIVE_SET.replaceAll('excluded.', 'j.'))}, publication = m.publication + ${bump}
          from json_populate_record(null::match_live_states, ${live}::json) j
          where m.match_id = ${input.matchId} and m.last_message_at = ${iso(input.decidedAfterMs)}::timestamptz and ${scopesHeld}
          returning m.publication, m.publication_epoch)`;
  const parts: SQL[] = [fence];
  if (input.offers.length) parts.push(fencedInsert('o', 'offers', input.offers, 'on conflict (match_id, source_id) do nothing returning id, source_id'));
  if (input.events.length) parts.push(fencedInsert('e', 'match_events', input.events, 'on conflict (match_id, source_id) do nothing returning id'));
  if (input.thresholdStates.length) {
    parts.push(
      fencedInsert(
        's',
        'threshold_states',
        input.thresholdStates,
        'on conflict (threshold_set_id, outcome) do update set armed = excluded.armed, streak = excluded.streak, blocked = excluded.blocked, last_fired_at = excluded.last_fired_at',
      ),
    );
  }
  // The feed is the truth about kick-off: a fixture that kicks off moves its start there (so the
  // catalog lists it as live), unless it is a played match of the past being replayed.
  if (input.kickOffMs !== null) {
    parts.push(sql`, k as (update matches set start = ${iso(input.kickOffMs)}::timestamptz, last_modified = ${iso(input.nowMs)}::timestamptz
      where id = ${input.matchId} and home_score is null and exists (select 1 from live))`);
  }
  parts.push(sql` select (select count(*)::int from live) as fenced,
    ${input.offers.length ? sql.raw(`(select json_agg(json_build_array(id, source_id)) from o)`) : sql.raw('null::json')} as offers,
    ${input.events.length ? sql.raw(`(select json_agg(id order by id) from e)`) : sql.raw('null::json')} as events,
    ${sql.raw(input.offers.length || input.events.length ? '(select json_build_array(publication_epoch, publication) from live)' : 'null::json')} as publication,
    ${scopes?.now ?? sql.raw('null::jsonb')} as scopes,
    ${ledger?.now ?? sql.raw('null::jsonb')} as ledger`);
  const [row] = await selectNamed<{
    fenced: number;
    offers: [number, string][] | null;
    events: number[] | null;
    publication: [string, number] | null;
    scopes: Record<string, number> | null;
    ledger: Record<string, number> | null;
  }>(tx, headName(input), sql.join(parts));
  const moved = row!.scopes && new Map([...input.scopes!.keys()].map((scope) => [scope, Number(row!.scopes![scope] ?? 0)]));
  const ledgerNow = row!.ledger;
  return {
    movedScopes: moved,
    movedLedger: ledgerNow && [...input.ledger!].filter(([id, version]) => Number(ledgerNow[id] ?? 0) !== version).map(([id]) => id),
    fenced: Number(row!.fenced) > 0,
    offerIds: new Map((row!.offers ?? []).map(([id, sourceId]) => [sourceId, Number(id)])),
    eventIds: (row!.events ?? []).map(Number),
    publication: row!.publication && { epoch: row!.publication[0], offset: Number(row!.publication[1]) },
  };
}
