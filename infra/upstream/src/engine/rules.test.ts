import { describe, expect, it } from 'vitest';
import { CHANNELS, type FeedMessage, type MarketMeta } from '@odds/protocol';
import { FEEDS_DIR, kickOffOffset, readFeedFile, toMessage } from '../feeds/jsonl';
import type { AudienceMember, ContentInfo, MarketInfo } from './match-state';
import { decideOffer } from './decide';
import { RateLimiter } from './rate-limit';
import { emptyDecisions, type Decisions } from './records';
import { runMessages } from './run';
import { contact, content, KICK_OFF, market, matchState, offer, set, subscribed } from './test-fixtures';
import type { ThresholdSetSpec } from './thresholds/evaluate';

/**
 * The engine's rules (docs/engine-rules.md) on the recorded 2022 final
 * (infra/feeds/): goal resets RELATIVE, START from kick-off, one MAX_THRESHOLD record per exhausted
 * set, no empty deliveries on any channel, the fired outcome's text.
 */

const FINAL = readFeedFile(new URL('argentina-france-2022-final.jsonl', FEEDS_DIR));
const result = (meta: MarketMeta = {}) => market({ meta });
const overUnder = market({
  id: 2,
  name: 'Over/Under 2.5 Goals',
  typeId: 2,
  line: 2500,
  outcomes: ['over', 'under'],
  labels: new Map([
    ['over', 'over'],
    ['under', 'under'],
  ]),
});
const btts = market({
  id: 3,
  name: 'Both Teams to Score',
  typeId: 10,
  outcomes: ['yes', 'no'],
  labels: new Map([
    ['yes', 'yes'],
    ['no', 'no'],
  ]),
});

/** The final's messages dated so that its kick-off is KICK_OFF. */
function finalMessages(): FeedMessage[] {
  const base = KICK_OFF - kickOffOffset(FINAL.messages);
  return FINAL.messages.map((m) => toMessage(m, base));
}

function replay(sets: ThresholdSetSpec[], options: { meta?: MarketMeta; contents?: ContentInfo[]; audience?: AudienceMember[] } = {}): Decisions {
  const markets: MarketInfo[] = [result(options.meta), overUnder, btts];
  const state = matchState({ markets, sets, audience: options.audience ?? [], contents: options.contents ?? [] });
  const out = emptyDecisions();
  runMessages(state, finalMessages(), out, { limiter: new RateLimiter(), smtp: false, nowMs: KICK_OFF });
  return out;
}

const goalTimes = () =>
  FINAL.messages.filter((m) => m.type === 'event' && m.kind === 'goal').map((m) => KICK_OFF - kickOffOffset(FINAL.messages) + m.offset_ms);

describe('engine rules on the recorded 2022 final', () => {
  it('a goal resets RELATIVE: no firing measures a move from a price before the last goal', () => {
    // Away RISE 0.20 within 4 min of match clock, 3 minutes' send delay: the goals' repricing is
    // kept out, so the only firings are moves after a goal, from a post-goal reference.
    const rise: ThresholdSetSpec = set(1, {
      type: 'RELATIVE',
      thresholds: { away: { direction: 'RISE', metric: 'VALUE', value: 200, time_amount: 4, time_unit: 'MINUTES', time_basis: 'GAME' } },
    });
    const out = replay([rise], { meta: { send_delay_minutes: 3 } });
    const goals = goalTimes();
    expect(out.firings.length).toBeGreaterThan(0);
    for (const firing of out.firings) {
      const at = out.offers[firing.offer]!.feedMs;
      const lastGoal = Math.max(0, ...goals.filter((g) => g <= at));
      for (const detail of firing.details) expect(detail.reference!.feedMs).toBeGreaterThanOrEqual(lastGoal);
    }
  });

  it('START measures from kick-off in play: "within 10 minutes" means the first 10 minutes of play', () => {
    // The feed opens 2 minutes before kick-off at home 2.69, the price at kick-off too; home reaches
    // 2.75 (+0.06) at 9:30 on the match clock, 11:30 after the first offer: within the first 10
    // minutes of play, so it fires (counted from the first offer it would not), against 2.69.
    const start = set(1, {
      type: 'RELATIVE',
      thresholds: { home: { direction: 'RISE', metric: 'VALUE', value: 60, time_amount: 10, time_unit: 'MINUTES', time_basis: 'START' } },
    });
    const out = replay([start]);
    expect(out.firings.map((f) => ({ clock: out.offers[f.offer]!.gameS, why: f.details[0]!.why }))).toEqual([
      { clock: 570, why: 'RELATIVE home rose 0.06 (≥ 0.06 within 10 min, START) from 2.69 at 14:59:00 to 2.75' },
    ]);
  });

  it('an exhausted set keeps one MAX_THRESHOLD record per outcome, counting the crossings it held back', () => {
    // max_threshold 1: home crosses 2.50 four times; the first fires, the other three are one record.
    const capped = market({ meta: { max_threshold: 1 } });
    const state = matchState({ sets: [set(1)], markets: [capped] });
    const out = emptyDecisions();
    const odds = [2600, 2400, 2600, 2400, 2600, 2400, 2600];
    for (const [i, home] of odds.entries())
      decideOffer(state, offer(10 + i, { home }, { market: capped }), out, { limiter: new RateLimiter(), smtp: false, nowMs: 0 });
    expect(out.firings).toHaveLength(1);
    expect(out.suppressions.map((s) => [s.reason, s.outcome, s.count, s.detail])).toEqual([
      ['MAX_THRESHOLD', 'home', 3, 'market fired 1 of max 1 times in this match'],
    ]);
  });
});

describe('no content, no delivery', () => {
  const empty = { title: [], content: [], cta: [], image: [] };
  for (const channel of CHANNELS) {
    it(`${channel.name}: a firing with no text for its contact is a NO_CONTENT suppression, never an empty delivery`, () => {
      const who = contact(1, { channelId: channel.id, email: 'fan@example.com' });
      const onlyImage = content(1, { channelId: channel.id }, { ...empty, image: [{ content: 'https://img.example/x.png' }] });
      const state = matchState({ sets: [set(1)], audience: [subscribed(who)], contents: [onlyImage] });
      const decisions = emptyDecisions();
      decideOffer(state, offer(10, { home: 2600 }), decisions, { limiter: new RateLimiter(), smtp: false, nowMs: 0 });
      expect(decisions.firings).toHaveLength(1);
      expect(decisions.deliveries).toEqual([]);
      const needs = { PUSH: ' (a Push notification needs a title and a body)', EMAIL: ' (an Email needs a subject and a body)' }[channel.code as string] ?? '';
      expect(decisions.suppressions.map((s) => [s.reason, s.detail])).toEqual([
        ['NO_CONTENT', `${channel.name} content in en for H0-A0 has no text for home${needs}`],
      ]);
    });
  }

  /** One in-play offer at 2.60 for `fired` (a set fires it) through contents for a mail and a push contact; what was sent and held back. */
  function sendHome(contents: ContentInfo[], fired: 'home' | 'draw' = 'home') {
    const mail = contact(1, { channelId: 2, email: 'fan@example.com' });
    const push = contact(2, { channelId: 1 });
    const state = matchState({ sets: [set(1, { thresholds: { [fired]: { value: 2500 } } })], audience: [subscribed(mail), subscribed(push)], contents });
    const outcomes = [{ label: fired === 'home' ? '1' : 'x', line: null, odds: 2600 }];
    const out = emptyDecisions();
    const at = { sent_at: new Date(KICK_OFF + 600_000).toISOString(), match_time: 600, prematch: false, score: 'H0-A0' };
    runMessages(state, [{ type: 'offer', source_id: 'a', market_id: 1, outcomes, ...at }], out, { limiter: new RateLimiter(), smtp: false, nowMs: 0 });
    return {
      sent: out.deliveries.map((d) => [d.contact.id, d.log.subject, d.log.body]),
      held: out.suppressions.map((s) => [s.contact?.id, s.reason, s.detail]),
    };
  }
  const parts = (title: string[], body: [string, string?][]) => ({
    title: title.map((t) => ({ content: t })),
    content: body.map(([text, link]) => ({ content: text, link_target: link ?? null })),
    cta: [],
    image: [],
  });

  it('a push needs a title and a body, an email a subject and a body: a body alone or a title alone is NO_CONTENT naming what is missing', () => {
    const bodyOnly = parts([], [['Home win pays {{odds.home}}.']]);
    expect(sendHome([content(1, { channelId: 2 }, bodyOnly), content(2, { channelId: 1 }, bodyOnly)]).held).toEqual([
      [1, 'NO_CONTENT', 'Email content in en for H0-A0 has no subject for home (an Email needs a subject and a body)'],
      [2, 'NO_CONTENT', 'Push notification content in en for H0-A0 has no title for home (a Push notification needs a title and a body)'],
    ]);
    const titleOnly = parts(['{{home.name}} v {{away.name}}'], []);
    expect(sendHome([content(1, { channelId: 2 }, titleOnly), content(2, { channelId: 1 }, titleOnly)])).toEqual({
      sent: [],
      held: [
        [1, 'NO_CONTENT', 'Email content in en for H0-A0 has no body for home (an Email needs a subject and a body)'],
        [2, 'NO_CONTENT', 'Push notification content in en for H0-A0 has no body for home (a Push notification needs a title and a body)'],
      ],
    });
    const whole = parts(['{{home.name}} v {{away.name}}'], [['Home win pays {{odds.home}}.']]);
    expect(sendHome([content(1, { channelId: 2 }, whole), content(2, { channelId: 1 }, whole)])).toEqual({
      sent: [
        [1, 'Argentina v France', 'Home win pays 2.60.'],
        [2, 'Argentina v France', 'Home win pays 2.60.'],
      ],
      held: [],
    });
  });

  it("the parts must be written for the fired outcome: a body linked to another outcome does not make a push of a generic title (the draw's title-only push)", () => {
    // The demo's H1-A0 content had a generic "Goal!" title and a body linked to home only: a draw
    // firing sent the title alone. Now the draw is held back, naming what its text lacks.
    const goal = parts(['Goal! {{home.name}} lead {{away.name}} 1-0'], [['A home win now pays {{odds.home}}.', 'home']]);
    expect(sendHome([content(2, { channelId: 1 }, goal)], 'draw')).toEqual({
      sent: [],
      held: [
        [1, 'NO_CONTENT', 'no Email content in en for H0-A0'],
        [2, 'NO_CONTENT', 'Push notification content in en for H0-A0 has no body for draw (a Push notification needs a title and a body)'],
      ],
    });
    // A body written for the draw (or for no outcome in particular) makes it whole.
    const withDraw = { ...goal, content: [...goal.content, { content: 'The draw pays {{odds.draw}}.', link_target: 'draw' }] };
    expect(sendHome([content(2, { channelId: 1 }, withDraw)], 'draw').sent).toEqual([[2, 'Goal! Argentina lead France 1-0', 'The draw pays 2.60.']]);
  });

  it('a blank part is a missing part: a body of spaces does not make a push', () => {
    const blank = parts(['{{home.name}} v {{away.name}}'], [['   ']]);
    expect(sendHome([content(2, { channelId: 1 }, blank)]).held[1]).toEqual([
      2,
      'NO_CONTENT',
      'Push notification content in en for H0-A0 has no body for home (a Push notification needs a title and a body)',
    ]);
  });
});

describe("the fired outcome's text", () => {
  const linked = {
    title: [
      { content: 'Over 2.5 at {{odds.over}}', link_target: 'over' },
      { content: 'Under 2.5 at {{odds.under}}', link_target: 'under' },
    ],
    content: [
      { content: 'Goals are coming.', link_target: 'over' },
      { content: 'A tight one.', link_target: 'under' },
    ],
    cta: [
      { content: 'Bet over', link_target: 'over' },
      { content: 'Bet under', link_target: 'under' },
    ],
    image: [],
  };
  const ouContent = (id: number, parts = linked) => content(id, { marketId: 2, marketTypeId: 2 }, parts);
  const message = (id: string, minute: number, over: number, under: number): FeedMessage => ({
    type: 'offer',
    source_id: id,
    sent_at: new Date(KICK_OFF + minute * 60_000).toISOString(),
    market_id: 2,
    outcomes: [
      { label: 'Over', line: 2500, odds: over },
      { label: 'Under', line: 2500, odds: under },
    ],
    match_time: minute * 60,
    prematch: false,
    score: 'H0-A0',
  });
  const run = (sets: ThresholdSetSpec[], contents: ContentInfo[], messages: FeedMessage[]) => {
    const state = matchState({ markets: [overUnder], sets, audience: [subscribed(contact(1))], contents });
    const out = emptyDecisions();
    runMessages(state, messages, out, { limiter: new RateLimiter(), smtp: false, nowMs: 0 });
    return out;
  };

  it('compiles the content for the outcome that fired (its linked entries, its odds), not the first in alphabetical order', () => {
    const out = run([set(1, { marketId: 2, thresholds: { over: { value: 5000 }, under: { value: 1500 } } })], [ouContent(1)], [message('a', 10, 1400, 2800)]);
    expect(out.firings[0]!.outcomes).toEqual(['under']);
    expect(out.deliveries.map((d) => d.log)).toEqual([
      {
        subject: 'Under 2.5 at 2.80',
        body: 'A tight one.',
        cta: 'Bet under',
        content: 'Under 2.5 at 2.80\nA tight one.\nBet under',
        outcome: 'under',
        set_id: 1,
      },
    ]);
  });

  it("when several outcomes fire on one offer, each recipient gets the likeliest one's text (lowest odds) that its content has text for", () => {
    const both = set(1, { marketId: 2, thresholds: { over: { value: 1500 }, under: { value: 1500 } } });
    const out = run([both], [ouContent(1)], [message('a', 10, 1900, 1700)]);
    expect(out.firings[0]!.outcomes).toEqual(['over', 'under']);
    expect(out.deliveries.map((d) => d.log.outcome)).toEqual(['under']);
    // Content with text for over only: over's text, though under is likelier.
    const overOnly = { title: [linked.title[0]!], content: [linked.content[0]!], cta: [], image: [] };
    expect(run([both], [ouContent(2, overOnly)], [message('a', 10, 1900, 1700)]).deliveries.map((d) => d.log.subject)).toEqual(['Over 2.5 at 1.90']);
  });
});

describe('match state', () => {
  const priced = (id: string, minute: number): FeedMessage => ({
    type: 'offer',
    source_id: id,
    sent_at: new Date(KICK_OFF + minute * 60_000).toISOString(),
    market_id: 1,
    outcomes: [{ label: '1', line: null, odds: 2600 }],
    match_time: minute * 60,
    prematch: false,
    score: 'H0-A0',
  });
  const state = (id: string, minute: number, to: 'POSTPONED' | 'CANCELLED' | 'ABANDONED' | 'INTERRUPTED' | 'LIVE'): FeedMessage => ({
    type: 'event',
    source_id: id,
    sent_at: new Date(KICK_OFF + minute * 60_000).toISOString(),
    kind: 'match_state',
    state: to,
    match_time: null,
  });

  it('a postponed, cancelled or abandoned match fires nothing (MATCH_OFF); interrupted or back in play, it does', () => {
    const match = matchState({ sets: [set(1, { thresholds: { home: { value: 2500 } } })], audience: [subscribed(contact(1))] });
    const out = emptyDecisions();
    const run = (messages: FeedMessage[]) => runMessages(match, messages, out, { limiter: new RateLimiter(), smtp: false, nowMs: 0 });
    run([state('s1', 10, 'ABANDONED'), priced('a', 11)]);
    expect(match.live.status).toBe('ABANDONED');
    expect(out.offers.map((o) => [o.status, o.reasons.map((r) => [r.kind, r.detail])])).toEqual([
      ['SKIPPED', [['MATCH_OFF', 'the feed says the match is abandoned: nothing is sent for it']]],
    ]);
    expect(out.firings).toEqual([]);
    run([state('s2', 12, 'INTERRUPTED'), priced('b', 13)]);
    expect(out.firings).toHaveLength(1);
    run([state('s3', 14, 'LIVE')]);
    expect(match.live.status).toBe('LIVE');
  });
});
