import type { Closest } from './closest';
import { formatGameClock, formatOdds, type Delivery, type Offer, type Suppression, type SuppressionReason } from '@odds/protocol';

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
};

/** "Rate limit: 2 min between pushes; last push 13:02:10" (and how many crossings an exhausted set held back). */
export function heldBackText(s: Suppression): string {
  const count = (s.count ?? 1) > 1 ? ` (${s.count} crossings)` : '';
  return `${REASON_LABELS[s.reason]}: ${s.detail}${count}`;
}

/** Who or what was held back: a contact, or a set's outcome (market bounds hold the firing itself). */
export function heldBackWho(s: Suppression): string {
  if (s.contact) return s.contact.name;
  const set = s.threshold_set_id === null ? 'A set' : `Set ${s.threshold_set_id}`;
  return s.outcome ? `${set} on ${s.outcome}` : set;
}

/** "Match Result · 54:10 · H1-A0 · home 2.10  draw 3.30  away 3.05". */
export function offerSummary(offer: Offer): string {
  const odds = Object.entries(offer.outcome_map).map(([key, value]) => `${key} ${formatOdds(value)}`).join('  ');
  return [offer.market.name, formatGameClock(offer.match_time, offer.prematch), offer.score, odds].filter(Boolean).join(' · ');
}

/** The parts of a delivery's text that were sent (a channel leaves unused parts null). */
export function textParts(d: Delivery): { label: string; text: string }[] {
  const parts: [string, string | null][] = [['Subject', d.log.subject], ['Body', d.log.body], ['Cta', d.log.cta]];
  return parts.filter((p): p is [string, string] => !!p[1]).map(([label, text]) => ({ label, text }));
}

/** What to say of an offer where nothing fired: held by a bound, no set met, or no sets at all; and which set came closest. */
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
