import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildPath, MATCH_TABLE_TOPICS, routes, type LiveTopic } from '@odds/protocol';
import { assertMatch } from '../catalog/matches';
import type { Db } from '../db/client';
import { implement } from '../http/implement';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface Aggregates {
  offers: string | number;
  offers_min: number | null;
  offers_max: number | null;
  deliveries: string | number;
  deliveries_max: number | null;
  deliveries_sum: string | number | null;
}

/**
 * The relay's safety check of a match: one call instead of a read of every topic. Feed and offers
 * (offers are written once, a feed is cleared whole) are versioned by the count and id range of the
 * match's offers; deliveries (their status, error, sent time and stats change after they are
 * written) by their count, greatest id and a sum of hashes of those columns: one indexed aggregate
 * query for the three. The match tables (threshold sets, content, stat events, trackers) carry
 * joined data (contact and market names) that changes without their rows: their version is the
 * hash of what their own route answers, read in-process (no socket, no serialisation to the relay),
 * so a version moves exactly when a read would answer something else; the match's history by its
 * newest audit entry (entries are only added). A wall display's token gets
 * the versions of what it may read.
 */
export async function liveVersionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.matchLiveVersions, async ({ params, request }) => {
    const { matchId } = params;
    const [row] = rowsOf<Aggregates>(
      await db.execute(sql`
      SELECT
        (SELECT count(*) FROM offers WHERE match_id = ${matchId}) AS offers,
        (SELECT min(id) FROM offers WHERE match_id = ${matchId}) AS offers_min,
        (SELECT max(id) FROM offers WHERE match_id = ${matchId}) AS offers_max,
        d.count AS deliveries, d.max AS deliveries_max, d.sum AS deliveries_sum
      FROM (
        SELECT count(*) AS count, max(id) AS max,
          sum(hashtext(status || '|' || coalesce(error, '') || '|' || coalesce(sent_at::text, '') || '|' || coalesce(stats::text, ''))) AS sum
        FROM deliveries WHERE match_id = ${matchId}
      ) d`),
    );
    if (!row || Number(row.offers) === 0) await assertMatch(db, matchId);
    const offers = `${row?.offers_min ?? 0}-${row?.offers_max ?? 0}-${row?.offers ?? 0}`;
    const versions: Partial<Record<LiveTopic, string>> = {
      feed: offers,
      offers,
      deliveries: `${row?.deliveries ?? 0}-${row?.deliveries_max ?? 0}-${row?.deliveries_sum ?? 0}`,
    };
    if (!request.display) {
      const authorization = request.headers.authorization ?? '';
      await Promise.all(
        Object.entries(MATCH_TABLE_TOPICS).map(async ([topic, route]) => {
          const reply = await app.inject({ method: 'GET', url: buildPath(routes[route], { matchId }), headers: { authorization } });
          versions[topic as LiveTopic] = reply.statusCode === 200 ? createHash('sha1').update(reply.body).digest('base64url') : `status-${reply.statusCode}`;
        }),
      );
      // The history topic holds the match's newest audit entries, which are only ever added.
      const [audit] = rowsOf<{ newest: number | null }>(await db.execute(sql`SELECT max(id) AS newest FROM audit_log WHERE match_id = ${matchId}`));
      versions.history = String(audit?.newest ?? 0);
    }
    return { match_id: matchId, versions, feed_start: row?.offers_min ?? null };
  });
}
