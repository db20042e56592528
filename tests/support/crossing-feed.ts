import { sql } from 'drizzle-orm';
import type { FeedMessage } from '@odds/protocol';
import type { Db } from '@odds/upstream/testing';

/**
 * A long, crossing-heavy feed for the match of engine-fixture.ts (market type 1, its VALUE set
 * home ≥ 2.50 and RELATIVE set away DROP 20 % in 10 min, max_threshold 3): home walks around
 * 2.50 so the set crosses it again and again after the market is exhausted (MAX_THRESHOLD counts),
 * away drops now and then (RELATIVE), the match is suspended for a while every few minutes with
 * offers going on meanwhile at a wide away price (not flagged: the match's suspension makes them
 * SUSPENDED), some of those suspensions end with a goal. Deterministic for a seed; kick-off 60 s after `baseMs`.
 */
export function crossingFeed(baseMs: number, seed = 45, minutes = 80): FeedMessage[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const at = (clock: number) => new Date(baseMs + 60_000 + clock * 1000).toISOString();
  const out: FeedMessage[] = [];
  let n = 0;
  const id = (kind: string) => {
    n += 1;
    return `${kind}-${seed}-${n}`;
  };
  const offer = (clock: number, home: number, away: number, score: string, prematch = false): FeedMessage =>
    ({
      type: 'offer',
      source_id: id('x'),
      sent_at: at(clock),
      market: { type_id: 1, line: null },
      outcomes: [
        { label: '1', line: null, odds: home },
        { label: 'X', line: null, odds: 3300 },
        { label: '2', line: null, odds: away },
      ],
      match_time: prematch ? null : clock,
      prematch,
      score: prematch ? 'PRE' : score,
    }) as FeedMessage;
  const event = (clock: number, fields: object): FeedMessage =>
    ({ type: 'event', source_id: id('e'), sent_at: at(clock), match_time: clock, period: clock < 2700 ? 1 : 2, ...fields }) as FeedMessage;

  let home = 2400;
  let away = 3000;
  const goals = { home: 0, away: 0 };
  const score = () => `H${goals.home}-A${goals.away}`;
  out.push(offer(-30, home, away, 'PRE', true));
  out.push(event(0, { kind: 'period_start', score: score() }));
  let suspendedUntil = -1;
  for (let clock = 20; clock <= minutes * 60; clock += 20) {
    if (clock === 2700) out.push(event(clock, { kind: 'period_end' }), event(clock, { kind: 'period_start', period: 2, score: score() }));
    if (suspendedUntil < 0 && random() < 0.04) {
      out.push(event(clock, { kind: 'suspension', suspended: true }));
      suspendedUntil = clock + 60 + Math.floor(random() * 4) * 20;
    }
    if (suspendedUntil >= 0 && clock >= suspendedUntil) {
      if (random() < 0.3) {
        const side = random() < 0.5 ? 'home' : 'away';
        goals[side] += 1;
        out.push(event(clock, { kind: 'goal', side, score: score() }));
      }
      out.push(event(clock, { kind: 'suspension', suspended: false }));
      suspendedUntil = -1;
    }
    // Around 2.50: up or down 0.05–0.15, pulled back towards the threshold.
    home = Math.max(1900, Math.min(3100, home + Math.round((random() - 0.5 + (2500 - home) / 2000) * 6) * 50));
    away = random() < 0.06 ? Math.round(away * 0.72) : Math.min(4200, away + Math.round((random() - 0.3) * 4) * 50);
    if (away < 1500) away = 3000;
    // While suspended the book quotes away wide (a third longer): those offers are SUSPENDED and
    // must not become the reference a later drop is measured from.
    out.push(offer(clock, home, suspendedUntil >= 0 ? Math.round(away * 1.35) : away, score()));
  }
  return out;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Everything the engine stored for a match, in words that do not depend on ids (sets by their
 * place among the match's sets, offers by source id, contacts by name), sorted: two runs that
 * decided alike give equal snapshots, MAX_THRESHOLD counts included.
 */
export async function storedRows(db: Db, matchId: number) {
  const setOf = `(select count(*) from threshold_sets t2 where t2.match_id = ${matchId} and t2.id <= `;
  const lines = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ line: string }>(await db.execute(query))
      .map((r) => r.line)
      .sort();
  return {
    offers: await lines(sql`select source_id || ' ' || status as line from offers where match_id = ${matchId}`),
    firings: await lines(sql`
      select o.source_id || ' set' || ${sql.raw(setOf)} f.threshold_set_id) || ' ' || f.outcomes::text as line
      from threshold_firings f join offers o on o.id = f.offer_id where f.match_id = ${matchId}`),
    deliveries: await lines(sql`
      select o.source_id || ' ' || c.name || ' ' || d.language || ' ' || (d.log->>'outcome') || ' ' || case when d.status = 'PENDING' then 'SENT' else d.status end as line
      from deliveries d join offers o on o.id = d.offer_id join contacts c on c.id = d.contact_id where d.match_id = ${matchId}`),
    suppressions: await lines(sql`
      select o.source_id || ' ' || coalesce(c.name, 'set' || ${sql.raw(setOf)} s.threshold_set_id) || ' ' || s.outcome) || ' ' || s.reason || ' x' || s.count || ' ' || s.detail as line
      from suppressions s join offers o on o.id = s.offer_id left join contacts c on c.id = s.contact_id where s.match_id = ${matchId}`),
  };
}
