import type { Offer } from '@odds/protocol';
import type { Tx } from '../db/client';
import { groupRows, insertGrouped, insertJson, type GroupedColumns } from './bulk';
import type { MatchState } from './match-state';
import type { EventInput } from './normalize';
import { asJsonb, offerRecord, type OfferRow } from './offer-record';
import { StaleLedger } from './push-ledger';
import type { Decisions } from './records';
import { writeHead, type HeadInput, type Publication } from './store-head';

export interface StoreInput {
  matchId: number;
  decisions: Decisions;
  events: EventInput[];
  state: MatchState;
  /** The feed clock of the match's last applied message as the cache held it before this batch (null: none yet). */
  decidedAfterMs: number | null;
  /** Kick-off time when this batch kicked the match off. */
  kickOffMs: number | null;
  /** Seeding past matches: rows are dated by the feed clock, as if written then. */
  stampAtFeedTime: boolean;
  nowMs: number;
  /** The scope versions the batch was decided with, when they were not read first: checked by the write. */
  scopes?: ReadonlyMap<string, number>;
  /** The push-ledger versions of rate-limited contacts it was decided with, when not read first: checked by the write. */
  ledger?: ReadonlyMap<number, number>;
}

export interface Stored {
  /** Id per decided offer. */
  offerIds: (number | null)[];
  deliveryIds: number[];
  eventIds: number[];
  /** The match's publication this batch is (store-head.ts); absent when it wrote no offer or event. */
  publication?: Publication;
  /**
   * The offers written, as the feed read answers them, when none of them fired (a fired offer's
   * record names its deliveries): the change notice carries them with its publication, so a relay
   * that holds the one before applies them without reading them back.
   */
  carried?: Offer[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The match's scopes moved since the cache was current (an edit of its thresholds, market
 * settings, contacts…): nothing was written; `now` holds their versions.
 */
export class StaleScopes extends Error {
  constructor(
    readonly matchId: number,
    readonly now: Map<string, number>,
  ) {
    super(`match ${matchId}: its scopes moved; deciding the batch again`);
  }
}

/**
 * The batch was decided on a cache that missed another decision of the match: another worker held
 * it meanwhile and stored some of these messages (they came back here, redelivered), or moved its
 * live state with messages this cache never saw. Its rows for stored messages would be dropped while
 * what they did to the state (arming, the market's firings, an exhausted set's crossings, which a
 * batch adds up on one record) stays in the rest of the batch: nothing is written, the batch is
 * decided again from the tables.
 */
export class StaleMatch extends Error {
  constructor(
    readonly matchId: number,
    why: string,
  ) {
    super(`match ${matchId}: ${why}; deciding the batch again`);
  }
}

const DELIVERY_COLUMNS: GroupedColumns = {
  shared: {
    match_id: 'int',
    offer_id: 'int',
    market_id: 'int',
    threshold_set_id: 'int',
    language: 'text',
    node_id: 'text',
    log: 'jsonb',
    period: 'int',
    feed_at: 'timestamptz',
    created_at: 'timestamptz',
  },
  own: { contact_id: 'int', channel_id: 'int', status: 'text', stats: 'jsonb', sent_at: 'timestamptz' },
};
const SUPPRESSION_COLUMNS: GroupedColumns = {
  shared: {
    match_id: 'int',
    offer_id: 'int',
    market_id: 'int',
    threshold_set_id: 'int',
    outcome: 'text',
    reason: 'text',
    match_time: 'int',
    feed_at: 'timestamptz',
    created_at: 'timestamptz',
  },
  own: { contact_id: 'int', detail: 'text' },
};

/** A decided offer's id by its index in the batch: null for one that was not written. */
type OfferIdOf = (index: number) => number | null;
/** A row's time: the feed clock's when seeding past matches, else now. */
type Stamp = (feedMs: number) => string;

/**
 * Writes one ingest's decisions in the caller's transaction: the fence, the live state, offers,
 * events and outcome states in one statement (store-head.ts), then what refers to an offer id.
 */
export async function storeDecisions(tx: Tx, input: StoreInput): Promise<Stored> {
  const { matchId, decisions } = input;
  const at: Stamp = (feedMs) => iso(input.stampAtFeedTime ? feedMs : input.nowMs);
  const head = await writeHead(tx, headOf(input, at));
  if (head.movedScopes) throw new StaleScopes(matchId, head.movedScopes);
  if (head.movedLedger?.length) throw new StaleLedger(head.movedLedger);
  if (!head.fenced) throw new StaleMatch(matchId, 'another decision moved its live state');
  const known = decisions.offers.length - head.offerIds.size + input.events.length - head.eventIds.length;
  if (known > 0) throw new StaleMatch(matchId, `${known} message(s) of the batch were already stored by another decision`);
  const offerIds = decisions.offers.map((o) => head.offerIds.get(o.sourceId) ?? null);
  const offerId: OfferIdOf = (index) => offerIds[index] ?? null;

  await insertJson(tx, 'threshold_firings', firingRows(input, offerId, at), '', 'engine_firings');
  const deliveryIds = await writeDeliveries(tx, input, offerId, at);
  await writeSuppressions(tx, input, offerId, at);
  const carried = head.publication && decisions.offers.every((o) => o.status !== 'TRIGGERED') ? carriedOffers(matchId, decisions, offerIds, at) : undefined;
  return { offerIds, deliveryIds, eventIds: head.eventIds, ...(head.publication && { publication: head.publication }), ...(carried && { carried }) };
}

/** What the head statement writes: the live state, the offers and events, the outcome states and the checks. */
function headOf(input: StoreInput, at: Stamp): HeadInput {
  const { matchId, decisions, state } = input;
  const { live } = state;
  return {
    matchId,
    decidedAfterMs: input.decidedAfterMs,
    live: {
      match_id: matchId,
      status: live.status,
      period: live.period,
      score: live.score,
      match_time: live.matchTime,
      suspended: live.suspended,
      suspended_market_ids: [...live.suspendedMarkets],
      kicked_off_at: live.kickedOffAt === null ? null : iso(live.kickedOffAt),
      last_goal_time: live.lastGoalS,
      last_message_at: live.lastMessageMs === null ? null : iso(live.lastMessageMs),
    },
    offers: decisions.offers.map((o) => ({
      match_id: matchId,
      market_id: o.market.id,
      source_id: o.sourceId,
      outcome_map: o.outcomeMap,
      odds: o.odds,
      score: o.score,
      sub_node: o.subNode,
      leaf_node: o.leafNode,
      match_time: o.matchTime,
      period: o.period,
      prematch: o.prematch,
      suspended: o.suspended,
      // The message is its columns (validation drops unknown fields), so it is not stored twice: see reads/offers.ts.
      status: o.status,
      raw: null,
      sent_at: iso(o.feedMs),
      arrival: o.arrival ?? null,
      reasons: o.reasons,
      created_at: at(o.feedMs),
    })),
    events: input.events.map((e) => ({
      match_id: matchId,
      source_id: e.sourceId,
      kind: e.kind,
      side: e.side,
      match_time: e.matchTime,
      period: e.period,
      score: e.score,
      market_id: e.market?.id ?? null,
      suspended: e.suspended,
      raw: e.raw,
      sent_at: iso(e.feedMs),
      arrival: e.arrival ?? null,
      created_at: at(e.feedMs),
    })),
    thresholdStates: dirtyStates(state),
    kickOffMs: input.kickOffMs,
    nowMs: input.nowMs,
    ...(input.scopes && { scopes: input.scopes }),
    ...(input.ledger && { ledger: input.ledger }),
  };
}

/** The rows of the batch whose offer was written (another decision's offers are not this one's to refer to). */
const kept = <T extends { offer: number }>(rows: T[], offerId: OfferIdOf) => rows.filter((r) => offerId(r.offer) !== null);

function firingRows({ matchId, decisions }: StoreInput, offerId: OfferIdOf, at: Stamp): Record<string, unknown>[] {
  return kept(decisions.firings, offerId).map((f) => {
    const offer = decisions.offers[f.offer]!;
    const details = f.details.map((d) => ({
      outcome: d.outcome,
      odds: d.odds,
      reference_odds: d.reference?.odds ?? null,
      reference_at: d.reference ? iso(d.reference.feedMs) : null,
      why: d.why,
    }));
    return {
      match_id: matchId,
      market_id: f.marketId,
      threshold_set_id: f.setId,
      offer_id: offerId(f.offer),
      outcomes: f.outcomes,
      details,
      match_time: offer.matchTime,
      feed_at: iso(offer.feedMs),
      created_at: at(offer.feedMs),
    };
  });
}

/**
 * A firing's deliveries share their text and differ by contact: written grouped (bulk.ts). The
 * decider shares one log object among the recipients of a text, so each log object is numbered
 * once; node and period are the offer's. Their ids, in the batch's order.
 */
async function writeDeliveries(tx: Tx, { matchId, decisions }: StoreInput, offerId: OfferIdOf, at: Stamp): Promise<number[]> {
  const deliveryRows = kept(decisions.deliveries, offerId);
  const texts = new Map<object, number>();
  const textOf = (log: object) => texts.get(log) ?? texts.set(log, texts.size).get(log)!;
  const written = await insertGrouped<{ id: number; offer_id: number; contact_id: number; language: string }>(
    tx,
    'deliveries',
    DELIVERY_COLUMNS,
    groupRows(
      deliveryRows,
      (d) => `${d.offer}:${d.setId}:${d.language}:${textOf(d.log)}`,
      (d) => ({
        match_id: matchId,
        offer_id: offerId(d.offer),
        market_id: d.marketId,
        threshold_set_id: d.setId,
        language: d.language,
        node_id: d.nodeId,
        log: d.log,
        period: d.period,
        feed_at: iso(d.feedMs),
        created_at: at(d.feedMs),
      }),
      (d) => ({
        contact_id: d.contact.id,
        channel_id: d.contact.channelId,
        status: d.status,
        stats: d.stats,
        sent_at: d.status === 'RECORDED' ? at(d.feedMs) : null,
      }),
    ),
    // Exactly once (migration 0010): a delivery already written for this offer, contact and language stays as it is.
    'on conflict do nothing returning id, offer_id, contact_id, language',
    'engine_deliveries',
  );
  // One delivery per (offer, contact, language): the decider serves a contact once per offer.
  const idOf = new Map(written.map((r) => [`${r.offer_id}:${r.contact_id}:${r.language}`, r.id]));
  return deliveryRows.map((d) => idOf.get(`${offerId(d.offer)}:${d.contact.id}:${d.language}`)!);
}

/** The sends held back: an exhausted set's crossings added up on one row per set and outcome, the others grouped by their text. */
async function writeSuppressions(tx: Tx, { matchId, decisions }: StoreInput, offerId: OfferIdOf, at: Stamp): Promise<void> {
  const held = kept(decisions.suppressions, offerId);
  await insertJson(
    tx,
    'suppressions',
    held
      .filter((s) => s.reason === 'MAX_THRESHOLD')
      .map((s) => ({
        match_id: matchId,
        offer_id: offerId(s.offer),
        market_id: s.marketId,
        threshold_set_id: s.setId,
        contact_id: null,
        outcome: s.outcome,
        reason: s.reason,
        detail: s.detail,
        match_time: s.matchTime,
        feed_at: iso(s.feedMs),
        count: s.count,
        created_at: at(s.feedMs),
      })),
    `on conflict (match_id, threshold_set_id, outcome) where reason = 'MAX_THRESHOLD'
    do update set count = suppressions.count + excluded.count, detail = excluded.detail`,
    'engine_exhausted',
  );
  await insertGrouped(
    tx,
    'suppressions',
    SUPPRESSION_COLUMNS,
    groupRows(
      held.filter((s) => s.reason !== 'MAX_THRESHOLD'),
      (s) => `${s.offer}:${s.setId}:${s.marketId}:${s.outcome}:${s.reason}`,
      (s) => ({
        match_id: matchId,
        offer_id: offerId(s.offer),
        market_id: s.marketId,
        threshold_set_id: s.setId,
        outcome: s.outcome,
        reason: s.reason,
        match_time: s.matchTime,
        feed_at: iso(s.feedMs),
        created_at: at(s.feedMs),
      }),
      (s) => ({ contact_id: s.contact?.id ?? null, detail: s.detail }),
    ),
    'on conflict do nothing',
    'engine_suppressions',
  );
}

/**
 * The batch's offers as a read of them answers (offerRecord over the values just written, jsonb
 * values in jsonb's key order), oldest first by the feed clock as the incremental read orders them.
 */
function carriedOffers(matchId: number, decisions: Decisions, offerIds: (number | null)[], at: Stamp): Offer[] {
  const rows = decisions.offers.map((o, i) => {
    const row: OfferRow = {
      id: offerIds[i]!,
      matchId,
      marketId: o.market.id,
      sourceId: o.sourceId,
      outcomeMap: asJsonb(o.outcomeMap),
      odds: asJsonb(o.odds),
      score: o.score,
      subNode: o.subNode,
      leafNode: o.leafNode,
      matchTime: o.matchTime,
      period: o.period,
      prematch: o.prematch,
      suspended: o.suspended,
      status: o.status,
      raw: null,
      sentAt: new Date(o.feedMs),
      arrival: o.arrival ?? null,
      reasons: asJsonb(o.reasons),
      createdAt: new Date(at(o.feedMs)),
    };
    return { row, market: o.market };
  });
  rows.sort((a, b) => a.row.sentAt.getTime() - b.row.sentAt.getTime() || a.row.id - b.row.id);
  return rows.map(({ row, market }) => offerRecord(row, market, undefined, true));
}

/** The outcome states the batch moved, as threshold_states rows. */
function dirtyStates(state: MatchState): Record<string, unknown>[] {
  return [...state.dirty].flatMap((key) => {
    const value = state.outcomeStates.get(key);
    const split = key.indexOf(':');
    return value
      ? [
          {
            threshold_set_id: Number(key.slice(0, split)),
            outcome: key.slice(split + 1),
            armed: value.armed,
            streak: value.streak,
            blocked: value.blocked,
            last_fired_at: value.lastFiredMs === null ? null : iso(value.lastFiredMs),
          },
        ]
      : [];
  });
}
