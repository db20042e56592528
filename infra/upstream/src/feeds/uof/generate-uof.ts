import { buildUofRoutingKey, parseScoreNode, type FeedHeader, type FeedMarketRef, type RecordedMessage } from '@odds/protocol';
import { DEMO_MARKETS } from '../generate-feed';
import { kickOffOffset, type RecordedFeed } from '../jsonl';
import { DEFAULT_UOF_MAPPINGS } from './mapping';
import { UOF_RECORDING_FORMAT, type UofRecordedMessage } from './recording';

/**
 * An odds-feed/1 recording (a demo feed of infra/feeds/) written as the UOF messages that carry the
 * same thing: every offer's prices in an `odds_change` (markets and outcomes by UOF id through the
 * shipped mapping, suspended offers as market status -1), the score, clock and period in its
 * `sport_event_status`, a match-wide suspension as `bet_stop`, a market settled by the score as
 * `bet_settlement`, and `alive` from both producers every 10 s so the producers stay up when it is
 * replayed in real time. The adapter turns these back into the same offers (docs/feeds-uof.md).
 */

interface UofRecordingHeader {
  format: typeof UOF_RECORDING_FORMAT;
  exchange: string;
  event: string;
  match: FeedHeader['match'];
  source: string;
}

export interface UofDemo {
  header: UofRecordingHeader;
  messages: UofRecordedMessage[];
}

const LIVE_ODDS = 1;
const PREMATCH = 3;
const ALIVE_EVERY_MS = 10_000;
/** UOF match_status of a period being played, and of the pause after it. */
const PLAYING: Record<number, number> = { 1: 6, 2: 7, 3: 41, 4: 42 };
const PAUSE_AFTER: Record<number, number> = { 1: 31, 2: 32, 3: 33 };
const ENDED = 100;
const ENDED_AFTER_EXTRA_TIME = 110;
const AWAITING_PENALTIES = 34;
const ENDED_AFTER_PENALTIES = 120;

/** A demo match's UOF event: `wc2022-64` is `sr:match:2022064` (made up: the demo has no Sportradar ids). */
function uofEventOf(header: FeedHeader): string {
  const match = /^wc(\d{4})-(\d{1,3})$/.exec(header.match.event_id ?? '');
  if (!match) throw new Error(`${header.name}: event_id '${header.match.event_id ?? ''}' is not a demo match id (wcYYYY-NN)`);
  return `sr:match:${match[1]}${match[2]!.padStart(3, '0')}`;
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const attrs = (pairs: Record<string, string | number | null | undefined>) =>
  Object.entries(pairs)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
/** Thousandths as UOF's decimal odds: 2690 is "2.69". */
const decimal = (odds: number) => String(odds / 1000);
const clockText = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The UOF market (id, specifiers) and outcome ids of one of our market types, from the shipped mapping. */
function uofMarketOf(ref: FeedMarketRef): { id: number; specifiers: string | undefined; outcomeIds: Map<string, string>; keyOf: Map<string, string> } {
  const row = DEFAULT_UOF_MAPPINGS.find((m) => m.typeId === ref.type_id && (m.lineSpecifier === null) === (ref.line === null));
  const demo = DEMO_MARKETS.find((m) => m.type_id === ref.type_id);
  if (!row || !demo) throw new Error(`market type ${ref.type_id} (line ${ref.line}) has no UOF mapping`);
  const idOfKey = new Map(Object.entries(row.outcomes).map(([id, key]) => [key, id]));
  const outcomeIds = new Map(demo.outcomes.map(([key, label]) => [label, idOfKey.get(key)!]));
  return {
    id: row.uofMarketId,
    specifiers: row.lineSpecifier && ref.line !== null ? `${row.lineSpecifier}=${ref.line / 1000}` : undefined,
    outcomeIds,
    keyOf: new Map(Object.entries(row.outcomes)),
  };
}

function marketXml(ref: FeedMarketRef, status: number, outcomes: { label: string; odds: number }[]): string {
  const market = uofMarketOf(ref);
  const inner = outcomes
    .map((o) => {
      const id = market.outcomeIds.get(o.label);
      if (!id) throw new Error(`outcome '${o.label}' of market type ${ref.type_id} has no UOF outcome id`);
      return `<outcome${attrs({ id, odds: decimal(o.odds), active: 1 })}/>`;
    })
    .join('');
  return `<market${attrs({ status, id: market.id, specifiers: market.specifiers })}>${inner}</market>`;
}

/** Whether an outcome (by its model key) won at this score: 1 or 0, as bet_settlement's `result`. */
function result(key: string, line: number | null, { home, away }: { home: number; away: number }): number {
  const total = (home + away) * 1000;
  const won: Record<string, boolean> = {
    home: home > away,
    draw: home === away,
    away: away > home,
    over: line !== null && total > line,
    under: line !== null && total < line,
    yes: home > 0 && away > 0,
    no: home === 0 || away === 0,
  };
  return won[key] ? 1 : 0;
}

interface Status {
  code: number;
  home: number;
  away: number;
  clockS: number | null;
}

/** A demo feed's event message (anything but an offer). */
type EventMessage = Extract<RecordedMessage, { type: 'event' }>;

/** What a conversion holds across the feed: the event, its status so far, and the messages written. */
interface Conversion {
  event: string;
  eventNumber: number;
  baseMs: number;
  lastPeriod: number;
  penalties: boolean;
  status: Status;
  out: UofRecordedMessage[];
  nextAlive: number;
}

/** The messages of one offset being converted: the markets and status change waiting for their odds_change. */
interface Group {
  offset: number;
  timestamp: number;
  /** Whether the match was under way when the offset began. */
  live: boolean;
  changed: boolean;
  markets: string[];
}

/** The routing key of one of the match's messages, from the live or the prematch producer. */
const eventKey = (c: Conversion, type: string, live: boolean) =>
  buildUofRoutingKey({
    priority: live ? 'hi' : 'lo',
    prematch: !live,
    live,
    messageType: type,
    sportId: 1,
    urnType: 'sr:match',
    eventId: c.eventNumber,
    nodeId: null,
  });

/** The routing key of a system message (not about a match). */
const systemKey = (type: string) =>
  buildUofRoutingKey({ priority: null, prematch: false, live: false, messageType: type, sportId: null, urnType: null, eventId: null, nodeId: null });

/** Appends one UOF message at an offset, with its XML declaration and its time from the real kick-off. */
function push(c: Conversion, offset: number, routingKey: string, xml: string): void {
  c.out.push({
    offset_ms: offset,
    routing_key: routingKey,
    xml: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${xml}`,
    received_at: new Date(c.baseMs + offset).toISOString(),
  });
}

/** Both producers' `alive` messages every ALIVE_EVERY_MS up to an offset. */
function alives(c: Conversion, upTo: number): void {
  for (; c.nextAlive <= upTo; c.nextAlive += ALIVE_EVERY_MS) {
    for (const product of [LIVE_ODDS, PREMATCH])
      push(c, c.nextAlive, systemKey('alive'), `<alive${attrs({ product, timestamp: c.baseMs + c.nextAlive, subscribed: 1 })}/>`);
  }
}

/** Writes the group's pending markets and status change as one odds_change, if it has any. */
function flush(c: Conversion, g: Group): void {
  const { status } = c;
  if (!g.changed && !g.markets.length) return;
  const live = status.code !== 0;
  const state = status.code === 0 ? 0 : [ENDED, ENDED_AFTER_EXTRA_TIME, ENDED_AFTER_PENALTIES].includes(status.code) ? 3 : 1;
  const clock = status.clockS === null || !live ? '' : `<clock${attrs({ match_time: clockText(status.clockS) })}/>`;
  const sportEventStatus = `<sport_event_status${attrs({ status: state, match_status: status.code, home_score: status.home, away_score: status.away })}>${clock}</sport_event_status>`;
  const odds = g.markets.length ? `<odds>${g.markets.join('')}</odds>` : '';
  push(
    c,
    g.offset,
    eventKey(c, 'odds_change', live),
    `<odds_change${attrs({ product: live ? LIVE_ODDS : PREMATCH, event_id: c.event, timestamp: g.timestamp })}>${sportEventStatus}${odds}</odds_change>`,
  );
  g.changed = false;
  g.markets = [];
}

/** Applies one event message: a period, goal or match end changes the status; a suspension is a bet_stop, bet_settlement or suspended market. */
function applyEvent(c: Conversion, g: Group, m: EventMessage): void {
  const { status, penalties } = c;
  switch (m.kind) {
    case 'period_start':
      if (g.markets.length) flush(c, g);
      status.code = PLAYING[m.period ?? 1] ?? status.code;
      g.changed = true;
      break;
    case 'period_end': {
      if (g.markets.length) flush(c, g);
      const period = m.period ?? 1;
      status.code = period < c.lastPeriod ? PAUSE_AFTER[period]! : penalties ? AWAITING_PENALTIES : period <= 2 ? ENDED : ENDED_AFTER_EXTRA_TIME;
      g.changed = true;
      break;
    }
    case 'goal': {
      if (g.markets.length) flush(c, g);
      const score = m.score ? parseScoreNode(m.score) : null;
      if (score) Object.assign(status, { home: score.home, away: score.away });
      g.changed = true;
      break;
    }
    case 'match_end':
      if (penalties) {
        // Awaiting penalties, then ended after them: two messages, as UOF sends them.
        flush(c, g);
        status.code = ENDED_AFTER_PENALTIES;
        g.changed = true;
      }
      break;
    case 'suspension':
      flush(c, g);
      suspend(c, g, m);
      // A lifted suspension is UOF's next odds_change with an active market: nothing to send.
      break;
  }
}

/** A suspension: match-wide as bet_stop, a settled market as bet_settlement, any other market as suspended in an odds_change. */
function suspend(c: Conversion, g: Group, m: EventMessage): void {
  const { offset, timestamp, live } = g;
  if (m.suspended && !m.market) {
    push(c, offset, eventKey(c, 'bet_stop', live), `<bet_stop${attrs({ groups: 'all', product: LIVE_ODDS, event_id: c.event, timestamp })}/>`);
  } else if (m.suspended && m.market && m.reason === 'settled') {
    const market = uofMarketOf(m.market);
    push(
      c,
      offset,
      eventKey(c, 'bet_settlement', live),
      `<bet_settlement${attrs({ certainty: 2, product: LIVE_ODDS, event_id: c.event, timestamp })}><outcomes><market${attrs({ id: market.id, specifiers: market.specifiers })}>${[...market.keyOf].map(([id, key]) => `<outcome${attrs({ id, result: result(key, m.market!.line, c.status) })}/>`).join('')}</market></outcomes></bet_settlement>`,
    );
  } else if (m.suspended && m.market) {
    g.markets.push(marketXml(m.market, -1, []));
    flush(c, g);
  }
}

/** Converts one recorded demo feed; deterministic, offsets kept, timestamps from the real kick-off. */
export function uofFromFeed(feed: RecordedFeed, exchange = 'unifiedfeed'): UofDemo {
  const { header, messages } = feed;
  const event = uofEventOf(header);
  const eventNumber = Number(event.split(':')[2]);
  if (!header.match.kick_off) throw new Error(`${header.name}: the header has no kick_off`);
  const c: Conversion = {
    event,
    eventNumber,
    baseMs: Date.parse(header.match.kick_off) - kickOffOffset(messages),
    lastPeriod: Math.max(...messages.map((m) => (m.type === 'event' && m.kind === 'period_start' ? (m.period ?? 1) : 0))),
    penalties: messages.some((m) => m.type === 'event' && m.kind === 'match_end' && (m.reason ?? '').startsWith('penalties')),
    status: { code: 0, home: 0, away: 0, clockS: null },
    out: [],
    nextAlive: 0,
  };

  // Messages at one offset become as few UOF messages as keep their order.
  for (let i = 0; i < messages.length; ) {
    const offset = messages[i]!.offset_ms;
    const group: RecordedMessage[] = [];
    for (; i < messages.length && messages[i]!.offset_ms === offset; i += 1) group.push(messages[i]!);
    alives(c, offset);
    const g: Group = { offset, timestamp: c.baseMs + offset, live: c.status.code !== 0, changed: false, markets: [] };
    for (const m of group) {
      if (m.match_time !== null && m.match_time !== undefined) c.status.clockS = m.match_time;
      if (m.type === 'offer') {
        const ref = m.market;
        if (!ref) throw new Error(`${m.source_id}: an offer without its market type`);
        g.markets.push(
          marketXml(
            ref,
            m.suspended ? -1 : 1,
            m.outcomes.map((o) => ({ label: o.label, odds: o.odds })),
          ),
        );
        continue;
      }
      applyEvent(c, g, m);
    }
    flush(c, g);
  }
  return {
    header: {
      format: UOF_RECORDING_FORMAT,
      exchange,
      event,
      match: header.match,
      source: `Generated by infra/feeds/uof/generate.ts from ${header.name}.jsonl (the same prices and events as UOF messages; the event id is made up).`,
    },
    messages: c.out,
  };
}

/** The recording as the JSON Lines `uof:replay` reads. */
export const uofRecordingText = (demo: UofDemo): string => [demo.header, ...demo.messages].map((line) => `${JSON.stringify(line)}\n`).join('');
