import { existsSync } from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import { CHANNELS, type BacktestReply, type BacktestRequest, type FeedMessage, type MatchThresholdInput } from '@odds/protocol';
import type { Queryable } from '../db/client';
import { matchEvents, offers, thresholdSets } from '../db/schema';
import { Errors } from '../errors';
import { FEEDS_DIR, kickOffOffset, readFeedFile, toMessage } from '../feeds/jsonl';
import { checkThresholdSet } from './rules';
import { loadStatic } from '../engine/load';
import { emptyLive, MatchState, type MatchStatic } from '../engine/match-state';
import { RateLimiter } from '../engine/rate-limit';
import { emptyDecisions } from '../engine/records';
import { runMessages } from '../engine/run';
import type { ThresholdSetSpec } from '../engine/thresholds/evaluate';

type Handle = Queryable;

/** The set to try: a stored one of the match, or one given inline (checked as a save would be). */
async function setUnderTest(db: Handle, statics: MatchStatic, request: BacktestRequest): Promise<ThresholdSetSpec> {
  if (request.threshold_set_id !== undefined && request.threshold_set) throw new Errors.BadRequest('Give threshold_set_id or threshold_set, not both.');
  if (request.threshold_set_id !== undefined) {
    const [row] = await db
      .select()
      .from(thresholdSets)
      .where(and(eq(thresholdSets.id, request.threshold_set_id), eq(thresholdSets.matchId, statics.match.id)));
    if (!row) throw new Errors.BadRequest(`Threshold set ${request.threshold_set_id} is not a threshold set of match ${statics.match.id}.`);
    return {
      id: row.id,
      marketId: row.marketId,
      contactId: row.contactId,
      type: row.type as ThresholdSetSpec['type'],
      thresholds: row.thresholds,
      line: row.line,
      timedBefore: row.timedBefore,
    };
  }
  if (!request.threshold_set) throw new Errors.BadRequest('Give the threshold set to test: threshold_set_id or threshold_set.');
  const { match } = statics;
  const checked = await checkThresholdSet(
    db,
    { id: match.id, providerId: match.providerId, sportId: match.sportId },
    request.threshold_set as MatchThresholdInput,
  );
  return {
    id: 0,
    marketId: checked.market.market.id,
    contactId: checked.contact?.id ?? null,
    type: request.threshold_set.type,
    thresholds: checked.thresholds,
    line: checked.line,
    timedBefore: checked.timedBefore,
  };
}

/** The match's stored feed, as messages, in feed order. */
async function storedMessages(db: Handle, matchId: number): Promise<FeedMessage[]> {
  const [offerRows, eventRows] = await Promise.all([
    db.select().from(offers).where(eq(offers.matchId, matchId)).orderBy(asc(offers.sentAt), asc(offers.id)),
    db.select().from(matchEvents).where(eq(matchEvents.matchId, matchId)).orderBy(asc(matchEvents.sentAt), asc(matchEvents.id)),
  ]);
  const timed: [number, FeedMessage][] = [
    ...offerRows.map((o): [number, FeedMessage] => [
      o.sentAt.getTime(),
      {
        type: 'offer',
        source_id: o.sourceId,
        sent_at: o.sentAt.toISOString(),
        market_id: o.marketId,
        outcomes: o.odds,
        match_time: o.matchTime,
        prematch: o.prematch,
        score: o.score,
        sub_node: o.subNode,
        leaf_node: o.leafNode,
        period: o.period,
        suspended: o.suspended,
      },
    ]),
    ...eventRows.map((e): [number, FeedMessage] => [
      e.sentAt.getTime(),
      {
        type: 'event',
        source_id: e.sourceId,
        sent_at: e.sentAt.toISOString(),
        kind: e.kind as 'goal',
        match_time: e.matchTime,
        period: e.period,
        ...(e.score && { score: e.score }),
        ...(e.side && { side: e.side as 'home' }),
        ...(e.suspended !== null && { suspended: e.suspended }),
        ...(e.marketId !== null && { market_id: e.marketId }),
      },
    ]),
  ];
  return timed.sort((a, b) => a[0] - b[0]).map(([, message]) => message);
}

/** A recorded feed under infra/feeds/, dated so that its kick-off falls on the match's start. */
function feedMessages(name: string, start: Date): FeedMessage[] {
  const url = new URL(`${name}.jsonl`, FEEDS_DIR);
  if (!existsSync(url)) throw new Errors.BadRequest(`No recorded feed '${name}' in infra/feeds/.`);
  const feed = readFeedFile(url);
  const base = start.getTime() - kickOffOffset(feed.messages);
  return feed.messages.map((m) => toMessage(m, base));
}

/**
 * Runs one threshold set over a past match's offers or a recorded feed, with the match's audience,
 * content and market settings (or `market_meta` instead), from a clean slate: no earlier firings,
 * no earlier pushes. The same decisions as ingest (run.ts), none of them stored or sent.
 */
export async function runBacktest(db: Handle, request: BacktestRequest, nowMs: number): Promise<BacktestReply> {
  const statics = await loadStatic(db, request.match_id);
  if (!statics) throw new Errors.NotFound('Match', request.match_id);
  const set = await setUnderTest(db, statics, request);
  const market = statics.markets.get(set.marketId)!;
  statics.markets.set(market.id, { ...market, meta: request.market_meta ?? market.meta });
  for (const [ref, m] of statics.marketsByRef) if (m.id === market.id) statics.marketsByRef.set(ref, statics.markets.get(market.id)!);
  statics.sets = new Map([[market.id, [set]]]);

  const all = request.feed ? feedMessages(request.feed, statics.match.start) : await storedMessages(db, statics.match.id);
  // Offers of other markets change nothing for this set; leaving them out keeps the run short.
  const messages = all.filter(
    (m) =>
      m.type === 'event' ||
      m.market_id === market.id ||
      (m.market !== undefined && statics.marketsByRef.get(`${m.market.type_id}:${m.market.line ?? ''}`)?.id === market.id),
  );
  const state = new MatchState(statics, emptyLive());
  const out = emptyDecisions();
  runMessages(state, messages, out, { limiter: new RateLimiter(), smtp: false, nowMs });

  const when = (index: number) => {
    const offer = out.offers[index]!;
    return { at: new Date(offer.feedMs).toISOString(), match_time: offer.matchTime, score: offer.score };
  };
  const channel = (id: number) => {
    const c = CHANNELS.find((ch) => ch.id === id) ?? CHANNELS[0];
    return { id: c.id, name: c.name, code: c.code };
  };
  return {
    offers: out.offers.length,
    firings: out.firings.map((f) => ({ ...when(f.offer), outcomes: f.outcomes, odds: out.offers[f.offer]!.outcomeMap, why: f.details.map((d) => d.why) })),
    deliveries: out.deliveries.map((d) => ({
      ...when(d.offer),
      contact: { id: d.contact.id, name: d.contact.name },
      channel: channel(d.contact.channelId),
      language: d.language as BacktestReply['deliveries'][number]['language'],
      subject: d.log.subject,
      body: d.log.body,
    })),
    suppressions: out.suppressions.map((s) => ({
      ...when(s.offer),
      reason: s.reason,
      detail: s.detail,
      outcome: s.outcome,
      contact: s.contact ? { id: s.contact.id, name: s.contact.name } : null,
    })),
  };
}
