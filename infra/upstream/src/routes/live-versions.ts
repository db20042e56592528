import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { routes, type LiveTopic, type MatchTableTopic } from '@odds/protocol';
import type { Db } from '../db/client';
import { selectNamed } from '../db/named';
import { Errors } from '../errors';
import { implement } from '../http/implement';

interface Aggregates {
  known: boolean;
  offers_min: number | null;
  offers_max: number | null;
  deliveries: string | number;
  deliveries_max: number | null;
  deliveries_sum: string | number | null;
  publication: [epoch: string, offset: number] | null;
}

type TableVersions = Record<MatchTableTopic | 'history', string | number | null>;

/** The digest of a table's rows as a read shows them: each row whole (every column) with the names it joins, in id order. */
const digest = (shown: string, from: SQL, order: string) =>
  sql`(SELECT md5(coalesce(string_agg(${sql.raw(shown)}::text, ',' ORDER BY ${sql.raw(order)}), '')) ${from})`;

/**
 * The digests of the match tables (protocol's MATCH_TABLE_TOPICS: a new table needs its line
 * here, the type says so). What each table's route answers is its rows and the names they join
 * (threshold sets: market and contact; content: market, market type and rule set; trackers, of the
 * match or of its league: contact), so the digest of exactly those moves when, and only when, the
 * read would answer something else.
 */
const TABLE_DIGESTS: Record<MatchTableTopic, (matchId: number) => SQL> = {
  thresholds: (matchId) =>
    digest(
      'json_build_array(ts, mk.name, c.name)',
      sql`FROM threshold_sets ts JOIN markets mk ON mk.id = ts.market_id LEFT JOIN contacts c ON c.id = ts.contact_id WHERE ts.match_id = ${matchId}`,
      'ts.id',
    ),
  content: (matchId) =>
    digest(
      'json_build_array(mc, mk.name, mt.name, rs.name)',
      sql`FROM match_contents mc LEFT JOIN markets mk ON mk.id = mc.market_id LEFT JOIN market_types mt ON mt.id = mc.market_type_id
        LEFT JOIN rule_sets rs ON rs.id = mc.rule_set_id WHERE mc.match_id = ${matchId}`,
      'mc.id',
    ),
  stats: (matchId) => digest('json_build_array(se)', sql`FROM stat_events se WHERE se.match_id = ${matchId}`, 'se.id'),
  trackers: (matchId) =>
    digest(
      'json_build_array(t, c.name)',
      sql`FROM trackers t JOIN contacts c ON c.id = t.contact_id
        WHERE (t.model_type = 'M' AND t.model_id = ${matchId}) OR (t.model_type = 'L' AND t.model_id = (SELECT league_id FROM matches WHERE id = ${matchId}))`,
      't.id',
    ),
};
const TABLES = Object.keys(TABLE_DIGESTS) as MatchTableTopic[];

/** The operator's part of the check: a digest per match table, and the history's newest audit entry (entries are only added). */
const tableVersions = (matchId: number) => sql`,
  ${sql.join(
    TABLES.map((topic) => sql`${TABLE_DIGESTS[topic](matchId)} AS ${sql.identifier(topic)}`),
    sql`, `,
  )},
  (SELECT max(id) FROM audit_log WHERE match_id = ${matchId}) AS history`;

/**
 * The relay's safety check of a match: one call, one statement, instead of a read of every topic.
 * Feed and offers (offers are written once, a feed is cleared whole) are versioned by the id range
 * of the match's offers (two index probes, however long the match; `feed_end` tells a relay
 * whether it holds them all); deliveries (their status, error, sent time and stats change after
 * they are written) by their count, greatest id and a sum of hashes of those columns; the match
 * tables and history as tableVersions says; and the match's last publication. A wall display's
 * token gets the versions of what it may read.
 */
export async function liveVersionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.matchLiveVersions, async ({ params, request }) => {
    const { matchId } = params;
    const operator = !request.display;
    // Prepared (db/named.ts): every relay asks it of every match it serves, every few seconds.
    const [row] = await selectNamed<Aggregates & Partial<TableVersions>>(
      db,
      operator ? 'live_versions_operator' : 'live_versions_display',
      sql`
      SELECT
        EXISTS (SELECT 1 FROM matches WHERE id = ${matchId}) AS known,
        (SELECT min(id) FROM offers WHERE match_id = ${matchId}) AS offers_min,
        (SELECT max(id) FROM offers WHERE match_id = ${matchId}) AS offers_max,
        d.count AS deliveries, d.max AS deliveries_max, d.sum AS deliveries_sum,
        (SELECT json_build_array(publication_epoch, publication) FROM match_live_states WHERE match_id = ${matchId}) AS publication
        ${operator ? tableVersions(matchId) : sql``}
      FROM (
        SELECT count(*) AS count, max(id) AS max,
          sum(hashtext(status || '|' || coalesce(error, '') || '|' || coalesce(sent_at::text, '') || '|' || coalesce(stats::text, ''))) AS sum
        FROM deliveries WHERE match_id = ${matchId}
      ) d`,
    );
    if (!row?.known) throw new Errors.NotFound('Match', matchId);
    const offers = `${row.offers_min ?? 0}-${row.offers_max ?? 0}`;
    const versions: Partial<Record<LiveTopic, string>> = {
      feed: offers,
      offers,
      deliveries: `${row.deliveries}-${row.deliveries_max ?? 0}-${row.deliveries_sum ?? 0}`,
    };
    if (operator) {
      for (const topic of TABLES) versions[topic] = String(row[topic]);
      versions.history = String(row.history ?? 0);
    }
    const publication = row.publication && { epoch: row.publication[0], offset: Number(row.publication[1]) };
    return { match_id: matchId, versions, feed_start: row.offers_min ?? null, feed_end: row.offers_max ?? null, publication };
  });
}
