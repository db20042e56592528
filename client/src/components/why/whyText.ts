import type { Closest } from './closest';
import {
  formatGameClock,
  formatLine,
  formatOdds,
  type Delivery,
  type MatchThresholdSet,
  type Offer,
  type SetReason,
  type Suppression,
  type SuppressionReason,
} from '@odds/protocol';

/** A suppression's reason in the operator's words (its detail says the limit and the figures). */
export const REASON_LABELS: Record<SuppressionReason, string> = {
  OUTSIDE_MINUTES: 'Outside the market’s minutes',
  SEND_DELAY: 'Send delay after a goal',
  MAX_THRESHOLD: 'Set exhausted (max threshold)',
  MIN_INTERVAL: 'Too soon after the last firing',
  MARKET_ODDS_BOUNDS: 'Odds outside the market’s bounds',
  NO_CONTENT: 'No content',
  RATE_LIMIT_MINUTES: 'Rate limit',
  MAX_MARKET_MATCH: 'Market limit per match',
  MAX_MATCH: 'Limit per match',
  MARKET_PERIOD_CAP: 'Market limit per period',
  PERIOD_CAP: 'Limit per period',
  CHANNEL_NOT_CONFIGURED: 'Channel not configured',
  // Compliance (docs/compliance.md).
  BLOCKED: 'Blocked at the sportsbook',
  EXCLUDED: 'Self-excluded',
  SUPPRESSION_LIST: 'On the suppression list',
  NO_CONSENT: 'No marketing consent',
  CONSENT_WITHDRAWN: 'Consent withdrawn',
  QUIET_HOURS: 'Quiet hours',
  DAILY_CAP: 'Daily cap',
  JURISDICTION_CONTENT: 'Content not allowed here',
  COMPLIANCE_UNAVAILABLE: 'Compliance check unavailable',
  SENDS_STOPPED: 'Sends stopped (kill switch)',
};

/** "Rate limit: 2 min between pushes; last push 13:02:10" (and how many crossings an exhausted set held back). */
export function heldBackText(s: Suppression): string {
  const count = (s.count ?? 1) > 1 ? ` (${s.count} crossings)` : '';
  return `${REASON_LABELS[s.reason]}: ${s.detail}${count}`;
}

/** Names a threshold set as the Thresholds tab lists it: "VALUE set for any contact", "RANGE set for Ana, line 2.5". */
export function setLabel(setId: number | null | undefined, sets: readonly MatchThresholdSet[]): string {
  const set = sets.find((s) => s.id === setId);
  if (!set) return 'a threshold set since deleted';
  const parts = [`${set.type} set for ${set.contact?.name ?? 'any contact'}`];
  if (set.line !== null) parts.push(`line ${formatLine(set.line)}`);
  if (set.timed) parts.push('timed before kick-off');
  return parts.join(', ');
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Who or what was held back: a contact, or a set's outcome (market bounds hold the firing itself). */
export function heldBackWho(s: Suppression, sets: readonly MatchThresholdSet[]): string {
  if (s.contact) return s.contact.name;
  const set = capitalised(setLabel(s.threshold_set_id, sets));
  return s.outcome ? `${set}, on ${s.outcome}` : set;
}

/** The reason a set did not fire, as the engine stored it when it decided the offer. */
const REASON_KIND_LABELS: Record<Exclude<SetReason['kind'], 'HELD'>, string> = {
  SUSPENDED: 'Not evaluated, suspended',
  STALE: 'Not evaluated, it arrived after a later offer',
  ENGINE_OFF: 'Not evaluated, engine switched off',
  MATCH_OFF: 'Not evaluated, the match is off',
  NOT_APPLICABLE: 'Does not apply to this offer',
  NOT_MET: 'Condition not met',
  NOT_REARMED: 'Met its condition, but not re-armed',
  CONFIRMING: 'Met its condition, pass threshold not reached yet',
};

/** "VALUE set for any contact: Set exhausted (max threshold): market fired 3 of max 3 times in this match". */
export function setReasonText(reason: SetReason): string {
  const bound = reason.bound ? REASON_LABELS[reason.bound as SuppressionReason] : undefined;
  const label = reason.kind === 'HELD' ? (bound ?? 'Held back by a market bound') : REASON_KIND_LABELS[reason.kind];
  return `${label}: ${reason.detail}.`;
}

/** Why the delivery carried the text it did: whose outcome it was written for, and which content. */
export function textChoice(d: Delivery, sets: readonly MatchThresholdSet[]): string | null {
  if (!d.log.outcome) return null;
  const node = d.node_id === 'PRE' ? 'before kick-off' : d.node_id === 'INPLAY' ? 'in play' : `at ${d.node_id}`;
  return `Text written for ${d.log.outcome}: the likeliest outcome that fired (${setLabel(d.log.set_id, sets)}) with a text in this contact's ${d.language} content for ${d.market.name}, chosen for the score ${node}.`;
}

/** "Match Result · 54:10 · H1-A0 · home 2.10  draw 3.30  away 3.05". */
export function offerSummary(offer: Offer): string {
  const odds = Object.entries(offer.outcome_map)
    .map(([key, value]) => `${key} ${formatOdds(value)}`)
    .join('  ');
  return [offer.market.name, formatGameClock(offer.match_time, offer.prematch), offer.score, odds].filter(Boolean).join(' · ');
}

/** The parts of a delivery's text that were sent (a channel leaves unused parts null). */
export function textParts(d: Delivery): { label: string; text: string }[] {
  const parts: [string, string | null][] = [
    ['Subject', d.log.subject],
    ['Body', d.log.body],
    ['Cta', d.log.cta],
  ];
  return parts.filter((p): p is [string, string] => !!p[1]).map(([label, text]) => ({ label, text }));
}

/** What to say of an offer where nothing fired when the engine stored no reasons (offers decided before it did): held by a bound, no set met, or no sets at all; and which set came closest. */
export function nothingFired(held: readonly Suppression[], sets: number, closest: Closest | null): string {
  const lead = held.some((s) => !s.contact)
    ? 'Nothing fired on this offer: a set was ready, but the bounds below held it back.'
    : sets === 0
      ? 'Nothing fired on this offer: its market has no threshold sets in this match.'
      : closest?.gap === 0
        ? 'Nothing fired on this offer.'
        : 'Nothing fired on this offer: no threshold set’s condition was met at these odds.';
  return closest ? `${lead} ${closest.text}` : lead;
}
