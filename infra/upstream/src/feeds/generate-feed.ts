import { FEED_FORMAT, scoreNodeName, type FeedHeader, type FeedMarketRef, type RecordedMessage } from '@odds/protocol';
import { kickOff, type WorldCup, type WorldCupMatch } from '../data/worldcup';
import { expectedGoals, probabilities, quote, type Probabilities, type TeamRecord } from './pricing';

/**
 * A demo feed from a real match: its goals at their real minutes, priced by the model of
 * pricing.ts, for match result (1X2), over/under 2.5 and both teams to score. The timeline, in
 * recording time: two prematch offers per market, kick-off 2 minutes in, an offer per market every
 * 30 s of match clock, a 15-minute half-time, stoppage time as long as the latest stoppage goal
 * needs (at least 2 and 4 minutes). Around each goal every market is suspended from 10 s before
 * it to 60 s after it (offers in between are published as suspended, at the old prices); a market
 * the score has decided (over 2.5 at the third goal, both teams to score once both have) is
 * suspended for good. Markets settle at full time; goals in extra time still arrive as events.
 */

export interface FeedOptions {
  cadenceS?: number;
  prematchLeadS?: number;
  halfTimeS?: number;
}

/** The demo markets: type and line, name, the code of their source ids, and each outcome's model key and label. */
export const DEMO_MARKETS: (FeedMarketRef & { name: string; code: string; outcomes: [keyof Probabilities, string][] })[] = [
  {
    type_id: 1,
    line: null,
    name: 'Match Result',
    code: '1x2',
    outcomes: [
      ['home', '1'],
      ['draw', 'X'],
      ['away', '2'],
    ],
  },
  {
    type_id: 2,
    line: 2500,
    name: 'Over/Under 2.5 Goals',
    code: 'ou25',
    outcomes: [
      ['over', 'Over'],
      ['under', 'Under'],
    ],
  },
  {
    type_id: 10,
    line: null,
    name: 'Both Teams to Score',
    code: 'btts',
    outcomes: [
      ['yes', 'Yes'],
      ['no', 'No'],
    ],
  },
];
const MARKETS = DEMO_MARKETS;

interface Goal {
  side: 'home' | 'away';
  clock: number;
  period: number;
  player: string;
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const feedName = (cup: WorldCup, match: WorldCupMatch) => slugOf(`${match.team1} ${match.team2} ${cup.year} ${match.round}`);

/** Each team's record in the tournament before this match (full-time scores). */
function records(cup: WorldCup, match: WorldCupMatch): { home: TeamRecord; away: TeamRecord; mu: number } {
  const before = cup.matches.filter((m) => m.date < match.date && m.score?.ft);
  const record = (team: string): TeamRecord =>
    before.reduce(
      (r, m) => {
        if (m.team1 !== team && m.team2 !== team) return r;
        const [gf, ga] = m.team1 === team ? m.score!.ft! : [m.score!.ft![1], m.score!.ft![0]];
        return { played: r.played + 1, scored: r.scored + gf, conceded: r.conceded + ga };
      },
      { played: 0, scored: 0, conceded: 0 },
    );
  const goals = before.reduce((sum, m) => sum + m.score!.ft![0] + m.score!.ft![1], 0);
  return { home: record(match.team1), away: record(match.team2), mu: before.length ? goals / (2 * before.length) : 1.3 };
}

function goalsOf(match: WorldCupMatch): Goal[] {
  const list = (goals: WorldCupMatch['goals1'], side: 'home' | 'away') =>
    (goals ?? []).map((g): Goal => {
      const minute = g.minute + (g.offset ?? 0);
      const period = g.minute <= 45 ? 1 : g.minute <= 90 ? 2 : g.minute <= 105 ? 3 : 4;
      return { side, clock: (minute - 1) * 60 + 30, period, player: g.name };
    });
  return [...list(match.goals1, 'home'), ...list(match.goals2, 'away')].sort((a, b) => a.clock - b.clock);
}

/** Suspension windows of a period: 10 s before each goal to 60 s after it, overlapping ones merged. */
function suspensions(goals: Goal[]): [number, number][] {
  const windows: [number, number][] = [];
  for (const goal of goals) {
    const last = windows.at(-1);
    if (last && goal.clock - 10 <= last[1]) last[1] = goal.clock + 60;
    else windows.push([goal.clock - 10, goal.clock + 60]);
  }
  return windows;
}

/** Periods as [first clock second, last clock second, recording offset (s) of their start]: long enough for the latest goal of each plus a minute. */
function periodsOf(match: WorldCupMatch, goals: Goal[], lead: number, halfTime: number): [number, number, number][] {
  const stoppage = (period: number, base: number) =>
    Math.max(base, ...goals.filter((g) => g.period === period).map((g) => Math.ceil((g.clock + 30) / 60) - [0, 45, 90, 105, 120][period]! + 1));
  const bounds: [number, number][] = [
    [0, 45 + stoppage(1, 2)],
    [45, 90 + stoppage(2, 4)],
    ...(match.score?.et
      ? ([
          [90, 105 + stoppage(3, 1)],
          [105, 120 + stoppage(4, 1)],
        ] as [number, number][])
      : []),
  ];
  const periods: [number, number, number][] = [];
  let offset = lead;
  bounds.forEach(([from, to], i) => {
    periods.push([from * 60, to * 60, offset]);
    offset += (to - from) * 60 + (i === 0 ? halfTime : i === 1 ? 300 : 60);
  });
  return periods;
}

type EventFields = Omit<Extract<RecordedMessage, { type: 'event' }>, 'type' | 'source_id' | 'offset_ms'>;

/** A match's feed as it is written: its messages, the score so far, the markets settled, the prices frozen while suspended. */
class FeedScript {
  readonly messages: RecordedMessage[] = [];
  score = { home: 0, away: 0 };
  private readonly settled = new Set<string>();
  private frozen: Probabilities | null = null;
  private readonly regulation: number;

  constructor(
    private readonly name: string,
    private readonly periods: [number, number, number][],
    private readonly xg: { home: number; away: number },
    private readonly cadence: number,
  ) {
    this.regulation = periods[1]![1] - periods[1]![0] + periods[0]![1];
  }

  /** The recording offset (ms) of a clock second of a period. */
  at(period: number, clock: number): number {
    return (this.periods[period - 1]![2] + clock - this.periods[period - 1]![0]) * 1000;
  }

  event(offsetMs: number, id: string, fields: EventFields): void {
    this.messages.push({ offset_ms: offsetMs, type: 'event', source_id: `${this.name}:${id}`, ...fields });
  }

  /** An offer of every market not settled yet. */
  offer(offsetMs: number, id: string, p: Probabilities, clock: number | null, period: number, suspended: boolean): void {
    for (const market of MARKETS) {
      if (this.settled.has(market.code)) continue;
      this.messages.push({
        offset_ms: offsetMs,
        type: 'offer',
        source_id: `${this.name}:${market.code}:${id}`,
        market: { type_id: market.type_id, line: market.line },
        outcomes: market.outcomes.map(([key, label]) => ({ label, line: market.line, odds: quote(p[key]) })),
        match_time: clock,
        prematch: clock === null,
        score: clock === null ? 'PRE' : scoreNodeName(this.score),
        period,
        ...(suspended && { suspended: true }),
      });
    }
  }

  /** The prices at a clock second: the expected goals shrink with the regulation time left. */
  priced(period: number, clock: number): Probabilities {
    const played = period === 1 ? clock : this.periods[0]![1] + clock - this.periods[1]![0];
    const left = Math.max(0, 1 - played / this.regulation);
    return probabilities(this.score.home, this.score.away, this.xg.home * left, this.xg.away * left);
  }

  /** A period second by second: its suspensions, goals (settling the markets they decide) and an offer every `cadence` seconds. */
  play(period: number, first: number, last: number, goals: Goal[]): void {
    this.event(this.at(period, first), `p${period}:start`, { kind: 'period_start', period, match_time: first, score: scoreNodeName(this.score) });
    const periodGoals = goals.filter((g) => g.period === period);
    const windows = suspensions(periodGoals);
    for (let clock = first; clock <= last; clock += 1) {
      for (const [n, [from, to]] of windows.entries()) {
        if (clock === from) {
          this.frozen = period <= 2 ? this.priced(period, clock) : null;
          this.event(this.at(period, clock), `suspend:${period}-${n + 1}`, { kind: 'suspension', suspended: true, reason: 'goal', period, match_time: clock });
        }
        if (clock === to) {
          this.frozen = null;
          this.event(this.at(period, clock), `resume:${period}-${n + 1}`, { kind: 'suspension', suspended: false, reason: 'goal', period, match_time: clock });
        }
      }
      for (const [n, goal] of periodGoals.entries()) if (clock === goal.clock) this.goal(period, clock, n, goal);
      if (period <= 2 && (clock - first) % this.cadence === 0)
        this.offer(
          this.at(period, clock),
          `p${period}-${String(clock).padStart(4, '0')}`,
          this.frozen ?? this.priced(period, clock),
          clock,
          period,
          this.frozen !== null,
        );
    }
    this.event(this.at(period, last), `p${period}:end`, { kind: 'period_end', period, match_time: last, score: scoreNodeName(this.score) });
    // Markets settle at full time: nothing more is offered.
    if (period === 2) for (const market of MARKETS) this.settled.add(market.code);
  }

  /** A goal, and the markets it settles in regulation time (over 2.5, both teams to score). */
  private goal(period: number, clock: number, n: number, goal: Goal): void {
    this.score = { ...this.score, [goal.side]: this.score[goal.side] + 1 };
    const score = this.score;
    this.event(this.at(period, clock), `goal:${period}-${n + 1}`, {
      kind: 'goal',
      side: goal.side,
      player: goal.player,
      period,
      match_time: clock,
      score: scoreNodeName(score),
    });
    for (const [code, done] of [
      ['ou25', score.home + score.away > 2],
      ['btts', score.home > 0 && score.away > 0],
    ] as const) {
      if (done && !this.settled.has(code) && period <= 2) {
        const market = MARKETS.find((m) => m.code === code)!;
        this.event(this.at(period, clock), `settled:${code}`, {
          kind: 'suspension',
          suspended: true,
          reason: 'settled',
          market: { type_id: market.type_id, line: market.line },
          period,
          match_time: clock,
        });
        this.settled.add(code);
      }
    }
  }
}

/** The feed file's header: the match, where the feed comes from and how it is priced, its markets. */
function headerOf(cup: WorldCup, match: WorldCupMatch, name: string, xg: { home: number; away: number }): FeedHeader {
  const index = cup.matches.indexOf(match);
  return {
    type: 'header',
    format: FEED_FORMAT,
    name,
    match: {
      name: `${match.team1} - ${match.team2}`,
      home: match.team1,
      away: match.team2,
      event_id: `wc${cup.year}-${String(index + 1).padStart(2, '0')}`,
      league: 'FIFA World Cup',
      kick_off: kickOff(match, cup.year).toISOString(),
    },
    source: `Generated by infra/feeds/generate.ts from the real goal minutes of ${cup.name} (openfootball, CC0). Prices: independent Poisson scoring per side, expected goals ${xg.home.toFixed(2)} - ${xg.away.toFixed(2)} (from the tournament so far) shrinking with the playing time left, odds = 1 / (p x 1.05).`,
    markets: MARKETS.map(({ type_id, line, name: marketName }) => ({ type_id, line, name: marketName })),
  };
}

export function generateFeed(cup: WorldCup, match: WorldCupMatch, options: FeedOptions = {}): { header: FeedHeader; messages: RecordedMessage[] } {
  const name = feedName(cup, match);
  const goals = goalsOf(match);
  const periods = periodsOf(match, goals, options.prematchLeadS ?? 120, options.halfTimeS ?? 900);
  const { home, away, mu } = records(cup, match);
  const xg = expectedGoals(home, away, mu);
  const script = new FeedScript(name, periods, xg, options.cadenceS ?? 30);
  script.offer(0, 'pre1', script.priced(1, 0), null, 0, false);
  script.offer(60_000, 'pre2', script.priced(1, 0), null, 0, false);
  for (const [i, [first, last]] of periods.entries()) script.play(i + 1, first, last, goals);
  const end = periods.at(-1)!;
  const shootOut = match.score?.p;
  script.event(script.at(periods.length, end[1]), 'end', {
    kind: 'match_end',
    match_time: end[1],
    period: periods.length,
    score: scoreNodeName(script.score),
    reason: shootOut ? `penalties ${shootOut[0]}-${shootOut[1]}` : 'full time',
    ...(shootOut && { penalties: { home: shootOut[0], away: shootOut[1] } }),
  });
  return { header: headerOf(cup, match, name, xg), messages: script.messages };
}
