import { describe, expect, it } from 'vitest';
import { decideOffer } from './decide';
import { RateLimiter } from './rate-limit';
import { emptyDecisions, type Decisions } from './records';
import { contact, content, market, matchState, offer, set, subscribed } from './test-fixtures';
import type { MatchState } from './match-state';
import type { OfferInput } from './records';

function decideAll(state: MatchState, offers: OfferInput[], limiter = new RateLimiter()): Decisions {
  const out = emptyDecisions();
  for (const o of offers) decideOffer(state, o, out, { limiter, smtp: false, nowMs: 0 });
  return out;
}
const summary = (out: Decisions) => ({
  statuses: out.offers.map((o) => o.status + (o.stale ? '(stale)' : '')),
  deliveries: out.deliveries.map((d) => `${out.offers[d.offer]!.matchTime! / 60}:${d.contact.id}:${d.language}`),
  suppressions: out.suppressions.map((s) => `${out.offers[s.offer]!.matchTime! / 60}:${s.contact?.id ?? '-'}:${s.reason}`),
});

describe('deciding offers', () => {
  const fan = contact(1, { languages: ['en', 'da'] });
  const limited = contact(2, { rateLimited: true, limiter: { max_match_push: 1 } });
  const noContent = contact(3, { channelId: 2, email: 'x@example.com' });

  it('delivers a firing to each subscriber in each language it has content in, and records why others got nothing', () => {
    const state = matchState({ sets: [set(1)], audience: [subscribed(fan), subscribed(limited), subscribed(noContent)], contents: [content(1)] });
    // home reaches 2.50 at minute 10 (fires), holds at 12, clears at 14, fires again at 16.
    const out = decideAll(state, [offer(10, { home: 2500 }), offer(12, { home: 2600 }), offer(14, { home: 2400 }), offer(16, { home: 2550 })]);
    expect(summary(out)).toEqual({
      statuses: ['TRIGGERED', 'SKIPPED', 'SKIPPED', 'TRIGGERED'],
      // fan: en only (no da content); limited: first push only; noContent: email has no content.
      deliveries: ['10:1:en', '10:2:en', '16:1:en'],
      suppressions: ['10:3:NO_CONTENT', '16:2:MAX_MATCH', '16:3:NO_CONTENT'],
    });
    expect(out.deliveries[0]!.log).toEqual({
      subject: 'Argentina v France',
      body: 'Home win pays 2.50.',
      cta: null,
      content: 'Argentina v France\nHome win pays 2.50.',
      outcome: 'home',
      set_id: 1,
    });
    expect(out.firings.map((f) => [f.setId, f.outcomes])).toEqual([
      [1, ['home']],
      [1, ['home']],
    ]);
  });

  it('sends one push per contact per offer however many sets fire', () => {
    const state = matchState({
      sets: [set(1), set(2, { type: 'RANGE', thresholds: { home: { from: 2000, to: 3000 } } })],
      audience: [subscribed(fan)],
      contents: [content(1)],
    });
    const out = decideAll(state, [offer(10, { home: 2500 })]);
    expect(out.firings).toHaveLength(2);
    expect(summary(out).deliveries).toEqual(['10:1:en']);
  });

  it('two sets fire different outcomes for one contact: the likeliest outcome with a text is sent, under the set that fired it', () => {
    // Half-time Result at home 3.04 / draw 3.42 / away 2.33: the contact's own set (lower id) fires
    // home, an audience set fires away; away is the likelier (lowest odds), so its text goes, and
    // the delivery and its log name the audience set.
    const own = set(1, { contactId: fan.id, thresholds: { home: { value: 3000 } } });
    const audience = set(2, { thresholds: { away: { value: 2300 } } });
    const state = matchState({
      sets: [own, audience],
      audience: [subscribed(fan)],
      contents: [content(1, {}, { content: [{ content: 'Home {{odds.home}}, away {{odds.away}}.' }] })],
    });
    const out = decideAll(state, [offer(10, { home: 3040, draw: 3420, away: 2330 })]);
    expect(out.firings.map((f) => [f.setId, f.outcomes])).toEqual([
      [1, ['home']],
      [2, ['away']],
    ]);
    expect(out.deliveries.map((d) => [d.language, d.setId, d.log.outcome, d.log.set_id])).toEqual([['en', 2, 'away', 2]]);
    // Without a text for away in its content (an entry linked to home only), home's text goes, under set 1.
    const linked = content(1, {}, { content: [{ content: 'Home {{odds.home}}.', link_target: 'home' }] });
    const homeOnly = matchState({ sets: [own, audience], audience: [subscribed(fan)], contents: [linked] });
    const second = decideAll(homeOnly, [offer(10, { home: 3040, draw: 3420, away: 2330 })]);
    expect(second.deliveries.map((d) => [d.setId, d.log.outcome, d.log.set_id])).toEqual([[1, 'home', 1]]);
  });

  it('never fires on a suspended offer or market, and keeps stale offers for history only', () => {
    const state = matchState({ sets: [set(1)], audience: [subscribed(fan)], contents: [content(1)] });
    const first = decideAll(state, [offer(10, { home: 2600 }, { suspended: true })]);
    state.live.suspendedMarkets.add(1);
    const second = decideAll(state, [offer(11, { home: 2600 })]);
    state.live.suspendedMarkets.clear();
    const third = decideAll(state, [offer(12, { home: 2600 }), offer(11.5, { home: 2700 })]);
    expect([...summary(first).statuses, ...summary(second).statuses, ...summary(third).statuses]).toEqual([
      'SUSPENDED',
      'SUSPENDED',
      'TRIGGERED',
      'SKIPPED(stale)',
    ]);
  });

  it('applies a dynamic-line set only at its line, and a timed set only within its minutes before kick-off', () => {
    const state = matchState({
      sets: [set(1, { line: 1500 }), set(2, { timedBefore: 30 })],
      audience: [subscribed(fan)],
      contents: [content(1, { nodeId: 'PRE' }), content(2)],
    });
    const out = decideAll(state, [
      offer(-60, { home: 2600 }, { prematch: true, matchTime: null, gameS: 0, score: 'PRE', line: 1000 }),
      offer(-20, { home: 2600 }, { prematch: true, matchTime: null, gameS: 0, score: 'PRE', line: 1000 }),
    ]);
    // At -60 min neither applies (wrong line; timed window is 30 min); at -20 the timed set fires.
    expect(out.firings.map((f) => f.setId)).toEqual([2]);
  });
});

describe('why a set did not fire, stored with the offer', () => {
  const fan = contact(1);
  const reasonsOf = (out: Decisions, at: number) =>
    out.offers[at]!.reasons.map((r) => `${r.set_id} ${r.kind}${r.bound ? `/${r.bound}` : ''}${r.outcome ? ` ${r.outcome}` : ''}: ${r.detail}`);

  it('a suspended offer, market or match: the suspension, for each set', () => {
    const state = matchState({ sets: [set(1), set(2, { thresholds: { away: { value: 2000 } } })], audience: [subscribed(fan)], contents: [content(1)] });
    const flagged = decideAll(state, [offer(10, { home: 2600 }, { suspended: true })]);
    state.live.suspended = true;
    const match = decideAll(state, [offer(11, { home: 2600 })]);
    expect(reasonsOf(flagged, 0)).toEqual(['1 SUSPENDED: the feed marked this offer suspended', '2 SUSPENDED: the feed marked this offer suspended']);
    expect(reasonsOf(match, 0)).toEqual([
      '1 SUSPENDED: the match was suspended when this offer came',
      '2 SUSPENDED: the match was suspended when this offer came',
    ]);
  });

  it('not re-armed, not met, stale and timing', () => {
    const state = matchState({ sets: [set(1), set(2, { timedBefore: 30 })], audience: [subscribed(fan)], contents: [content(1)] });
    const out = decideAll(state, [offer(10, { home: 2600 }), offer(12, { home: 2700 }), offer(14, { home: 2400 }), offer(13, { home: 2600 })]);
    expect(reasonsOf(out, 0)).toEqual(['2 NOT_APPLICABLE: the set is timed for the 30 minutes before kick-off; this offer came after kick-off']);
    expect(reasonsOf(out, 1)[0]).toBe('1 NOT_REARMED home: home fired earlier and its price has not left the threshold since, so it is not re-armed');
    expect(reasonsOf(out, 2)[0]).toBe('1 NOT_MET: no outcome met its condition at these odds');
    expect(reasonsOf(out, 3)[0]).toBe('1 STALE: an offer of its market with a later feed time was already evaluated');
  });

  it('pass threshold not reached yet, and an exhausted market (a bound)', () => {
    const passes = { market: market({ meta: { pass_threshold: 3 } }) };
    const confirming = matchState({ sets: [set(1)], meta: passes.market.meta, audience: [subscribed(fan)], contents: [content(1)] });
    const first = decideAll(confirming, [offer(10, { home: 2600 }, passes), offer(11, { home: 2600 }, passes)]);
    expect(reasonsOf(first, 1)).toEqual(['1 CONFIRMING home: home met its condition on 2 offers in a row; the market needs 3 (pass threshold)']);
    const capped = { market: market({ meta: { max_threshold: 1 } }) };
    const exhausted = matchState({ sets: [set(1)], meta: capped.market.meta, audience: [subscribed(fan)], contents: [content(1)] });
    const second = decideAll(exhausted, [offer(10, { home: 2600 }, capped), offer(11, { home: 2400 }, capped), offer(12, { home: 2600 }, capped)]);
    expect(reasonsOf(second, 0)).toEqual([]);
    expect(reasonsOf(second, 2)).toEqual(['1 HELD/MAX_THRESHOLD home: market fired 1 of max 1 times in this match']);
  });

  it('a set for another line', () => {
    const state = matchState({ sets: [set(1, { line: 1500 })], audience: [subscribed(fan)], contents: [content(1)] });
    const out = decideAll(state, [offer(10, { home: 2600 }, { line: 1000 })]);
    expect(reasonsOf(out, 0)).toEqual(['1 NOT_APPLICABLE: the set is for line 1.5; this offer is at line 1']);
  });
});
