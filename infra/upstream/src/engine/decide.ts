import { parseScoreNode, type DeliveryLog, type SetReason } from '@odds/protocol';
import { recordedStats, routeFor } from './channels/index';
import { compileContext } from './content';
import { OFF_STATES, type ContactInfo, type ContentInfo, type MatchState } from './match-state';
import { pushedOffer, type RateLimiter } from './rate-limit';
import { compliantTexts, type ComplianceGate } from './compliance/gate';
import { recipientsFor } from './recipients';
import { evaluatedReason, notApplicable, sameReasonForAll, suspensionDetail } from './set-reasons';
import type { Decisions, OfferInput, SuppressionRecord } from './records';
import { compileLog, textsFor } from './texts';
import { evaluateSet, type MarketSituation } from './thresholds/evaluate';
import type { MarketHistory, PricePoint } from './thresholds/history';

/** Goals in a score node ('H2-A1' → 3; PRE → 0). */
const goalsOf = (score: string) => {
  const goals = parseScoreNode(score);
  return goals ? goals.home + goals.away : 0;
};

/** An offer as relative thresholds look back on it: clocks, odds, line, goals, prematch. */
export const pricePoint = (offer: Pick<OfferInput, 'feedMs' | 'gameS' | 'outcomeMap' | 'line' | 'score' | 'prematch'>): PricePoint => ({
  feedMs: offer.feedMs,
  gameS: offer.gameS,
  odds: offer.outcomeMap,
  line: offer.line,
  goals: goalsOf(offer.score),
  prematch: offer.prematch,
});

export interface DecideOptions {
  limiter: RateLimiter;
  /** An SMTP server is configured: email contacts are mailed, not only recorded. */
  smtp: boolean;
  /** Clock for the sandbox push stats of recorded deliveries. */
  nowMs: number;
  /** Recorded pushes get the sandbox model's figures (the embedded demo only: channels/webhook-settings.ts); default none. */
  simulatedStats?: boolean;
  /**
   * False (production, Postgres: channels/settings.ts): a contact whose vendor channel has no
   * credentials is a CHANNEL_NOT_CONFIGURED suppression. True or absent (the embedded demo,
   * seeding, an engine given no channel settings): it is RECORDED with simulated figures.
   */
  simulateUnconfigured?: boolean;
  /** The batch's compliance checks (compliance/gate.ts); none (a backtest, a test's engine): not checked. */
  compliance?: ComplianceGate;
  /** Sends of the match's provider are stopped (the kill switch: send-stops.ts): the words of its SENDS_STOPPED suppressions. */
  stopped?: string | null;
}

const NO_VENDORS: ReadonlySet<string> = new Set();
const VENDOR_NAMES: Record<string, string> = { fcm: 'FCM', apns: 'APNs', telegram: 'Telegram', whatsapp: 'WhatsApp', x: 'X' };

/** The Why panel's words for a contact whose channel has no credentials (or, for email, no mail server). */
const notConfigured = (vendor: string) =>
  vendor === 'smtp'
    ? 'channel not configured: this deployment has no mail server (SMTP_URL) to send emails with'
    : `channel not configured: the provider has no ${VENDOR_NAMES[vendor] ?? vendor} credentials (an admin adds them in Settings → Channels)`;

/** A contact some fired set reaches on this offer: its languages and which set fired each outcome. */
interface Reached {
  contact: ContactInfo;
  languages: string[];
  firstSetId: number;
  setOf: Map<string, number>;
}

/**
 * Decides one offer: stale (older than one already evaluated for its market: kept for history
 * only), suspended (the offer, its market or the match: never fires), or evaluated against every
 * threshold set of its market. Each firing goes to its recipients, one push per contact per offer
 * however many sets fire, each in the languages it has content for, unless a rate limit forbids.
 * Mutates the match state (history, arming, counts) and appends to `out`.
 */
export function decideOffer(state: MatchState, offer: OfferInput, out: Decisions, options: DecideOptions): void {
  const index = out.offers.length;
  const record: OfferRecord = { ...offer, status: 'SKIPPED', stale: false, reasons: [] };
  const point = pricePoint(offer);
  const history = state.history(offer.market.id);
  if (decidedUnevaluated(state, offer, out, record, point, history)) return;

  const situation: MarketSituation = {
    meta: offer.market.meta,
    history,
    firings: state.marketFirings.get(offer.market.id) ?? 0,
    lastGoalS: state.live.lastGoalS,
  };
  const compile = offerCompiler(state, offer);
  const { fired, reasons, reached } = evaluateSets(state, offer, out, index, point, situation);
  for (const entry of reached.values()) pushTo(state, offer, out, options, { index, entry, compile });
  history.add(point);
  out.offers.push({ ...record, status: fired ? 'TRIGGERED' : 'SKIPPED', reasons });
}

type OfferRecord = Decisions['offers'][number];
/** Compiles a content's log for an outcome a set fired, once per content, outcome and set. */
type OfferCompile = (content: ContentInfo, outcome: string, setId: number) => DeliveryLog;

/**
 * The offers that are not evaluated against the sets: stale, suspended, the match off, the
 * provider's engine off. Records the offer (and its history) and says true for them; else marks
 * the offer its market's latest and says false.
 */
function decidedUnevaluated(state: MatchState, offer: OfferInput, out: Decisions, record: OfferRecord, point: PricePoint, history: MarketHistory): boolean {
  const latest = state.latestFeedMs.get(offer.market.id);
  const { live } = state;

  if (latest !== undefined && offer.feedMs < latest) {
    if (!offer.suspended) history.add(point);
    out.offers.push({
      ...record,
      stale: true,
      reasons: sameReasonForAll(state, offer, 'STALE', 'an offer of its market with a later feed time was already evaluated'),
    });
    return true;
  }
  state.latestFeedMs.set(offer.market.id, offer.feedMs);
  if (offer.suspended || live.suspended || live.suspendedMarkets.has(offer.market.id)) {
    out.offers.push({ ...record, status: 'SUSPENDED', reasons: sameReasonForAll(state, offer, 'SUSPENDED', suspensionDetail(state, offer)) });
    return true;
  }
  if (OFF_STATES.has(live.status)) {
    history.add(point);
    const detail = `the feed says the match is ${live.status.toLowerCase()}: nothing is sent for it`;
    out.offers.push({ ...record, reasons: sameReasonForAll(state, offer, 'MATCH_OFF', detail) });
    return true;
  }
  if (!state.statics.match.providerActive) {
    history.add(point);
    out.offers.push({ ...record, reasons: sameReasonForAll(state, offer, 'ENGINE_OFF', 'the provider’s engine is switched off in Settings') });
    return true;
  }
  return false;
}

/** The offer's content compiler: each content's log per outcome and set, compiled once. */
function offerCompiler(state: MatchState, offer: OfferInput): OfferCompile {
  const compiled = new Map<string, DeliveryLog>();
  const context = compileContext(state.statics.match, offer);
  return (content, outcome, setId) => {
    const key = `${content.id}:${outcome}:${setId}`;
    return compiled.get(key) ?? compiled.set(key, { ...compileLog(content, context, outcome), set_id: setId }).get(key)!;
  };
}

/**
 * Evaluates every set of the offer's market first: a contact reached by several sets gets one push,
 * whose text is chosen among the outcomes of all of them (docs/engine-rules.md "Content": the
 * likeliest fired outcome with a text). Records the firings, holds and reasons; gives the contacts reached.
 */
function evaluateSets(state: MatchState, offer: OfferInput, out: Decisions, index: number, point: PricePoint, situation: MarketSituation) {
  const reached = new Map<number, Reached>();
  let fired = false;
  const reasons: SetReason[] = [];
  for (const set of state.statics.sets.get(offer.market.id) ?? []) {
    const away = notApplicable(state, offer, set);
    if (away !== null) {
      reasons.push({ set_id: set.id, kind: 'NOT_APPLICABLE', outcome: null, bound: null, detail: away });
      continue;
    }
    const evaluation = evaluateSet(set, point, situation, (outcome) => state.outcomeState(set.id, outcome), offer.market.outcomes);
    state.settle();
    if (!evaluation.fired.length) reasons.push(evaluatedReason(state, offer, set, evaluation.steps));
    for (const held of evaluation.held)
      holdBack(out, {
        offer: index,
        setId: set.id,
        marketId: offer.market.id,
        contact: null,
        outcome: held.outcome,
        reason: held.reason,
        detail: held.detail,
        matchTime: offer.matchTime,
        feedMs: offer.feedMs,
        count: 1,
      });
    if (!evaluation.fired.length) continue;
    fired = true;
    situation.firings += 1;
    state.marketFirings.set(offer.market.id, situation.firings);
    out.firings.push({ offer: index, setId: set.id, marketId: offer.market.id, outcomes: evaluation.fired, details: evaluation.details });
    const recipients = recipientsFor(state.statics, { set, firedOdds: evaluation.fired.map((o) => offer.outcomeMap[o]!), prematch: offer.prematch });
    for (const { contact, languages } of recipients) addReached(reached, contact, languages, set.id, evaluation.fired);
  }
  return { fired, reasons, reached };
}

/** Adds a set's firing to a contact it reaches: its languages, and the set of each outcome it fired. */
function addReached(reached: Map<number, Reached>, contact: ContactInfo, languages: readonly string[], setId: number, fired: readonly string[]): void {
  let entry = reached.get(contact.id);
  if (!entry) {
    entry = { contact, languages: [], firstSetId: setId, setOf: new Map() };
    reached.set(contact.id, entry);
  }
  for (const language of languages) if (!entry.languages.includes(language)) entry.languages.push(language);
  // An outcome two sets fired is the first (lowest id) set's.
  for (const outcome of fired) if (!entry.setOf.has(outcome)) entry.setOf.set(outcome, setId);
}

/**
 * One contact's push for the offer: suppressed (compliance, no content, channel not configured,
 * sends stopped, rate limit) or delivered in each language chosen.
 */
function pushTo(
  state: MatchState,
  offer: OfferInput,
  out: Decisions,
  options: DecideOptions,
  at: { index: number; entry: Reached; compile: OfferCompile },
): void {
  const { index, compile } = at;
  const { contact, languages, firstSetId, setOf } = at.entry;
  // Candidates in the market's order, so that equal odds go to the market's first outcome.
  const candidates = offer.market.outcomes
    .filter((o) => setOf.has(o))
    .concat([...setOf.keys()].filter((o) => !offer.market.outcomes.includes(o)))
    .map((outcome) => ({ outcome, odds: offer.outcomeMap[outcome]! }));
  const base = { offer: index, setId: firstSetId, marketId: offer.market.id, contact, matchTime: offer.matchTime, feedMs: offer.feedMs, count: 1 };
  const checked = compliantTexts(options.compliance, contact, offer.feedMs, state.statics.contents, (contents) =>
    textsFor(contents, offer, contact, languages, candidates, (content, outcome) => compile(content, outcome, setOf.get(outcome)!)),
  );
  if (checked.refusal) {
    out.suppressions.push({ ...base, outcome: null, ...checked.refusal });
    return;
  }
  const { texts } = checked;
  if (texts.detail !== null) {
    out.suppressions.push({ ...base, outcome: null, reason: 'NO_CONTENT', detail: texts.detail });
    return;
  }
  const route = routeFor(contact, { smtp: options.smtp, vendors: state.statics.match.vendors ?? NO_VENDORS });
  if (route.kind === 'unconfigured' && options.simulateUnconfigured === false) {
    out.suppressions.push({ ...base, outcome: null, reason: 'CHANNEL_NOT_CONFIGURED', detail: notConfigured(route.vendor) });
    return;
  }
  if (options.stopped) {
    out.suppressions.push({ ...base, outcome: null, reason: 'SENDS_STOPPED', detail: options.stopped });
    return;
  }
  const push = { matchId: state.statics.match.id, marketId: offer.market.id, period: offer.period, feedMs: offer.feedMs };
  const refusal = options.limiter.check(contact, push);
  if (refusal) {
    out.suppressions.push({ ...base, setId: setOf.get(texts.chosen[0]!.outcome)!, outcome: null, ...refusal });
    return;
  }
  options.limiter.record({ ...push, contactId: contact.id }, pushedOffer(push.matchId, offer.sourceId));
  for (const { language, log, outcome } of texts.chosen) {
    const recorded = route.kind === 'record' || route.kind === 'unconfigured';
    out.deliveries.push({
      offer: index,
      setId: setOf.get(outcome)!,
      marketId: offer.market.id,
      contact,
      language,
      nodeId: offer.prematch ? 'PRE' : offer.score,
      log,
      route,
      status: recorded ? 'RECORDED' : 'PENDING',
      period: offer.period,
      feedMs: offer.feedMs,
      stats:
        recorded && options.simulatedStats === true
          ? recordedStats(contact, `${state.statics.match.id}:${offer.sourceId}:${contact.id}:${language}`, offer.feedMs, options.nowMs)
          : null,
    });
  }
}

/**
 * Records a market bound's hold. An exhausted set (MAX_THRESHOLD) is one record per set and
 * outcome, counting the crossings it held back: a batch adds to its own record, and the store adds
 * the batch's count to the stored one.
 */
function holdBack(out: Decisions, record: SuppressionRecord): void {
  if (record.reason === 'MAX_THRESHOLD') {
    const earlier = out.suppressions.find((s) => s.reason === 'MAX_THRESHOLD' && s.setId === record.setId && s.outcome === record.outcome);
    if (earlier) {
      earlier.count += 1;
      earlier.detail = record.detail;
      return;
    }
  }
  out.suppressions.push(record);
}
