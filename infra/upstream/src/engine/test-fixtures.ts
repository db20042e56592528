import type { MarketMeta, MatchContentParts } from '@odds/protocol';
import { emptyLive, marketRef, MatchState, type AudienceMember, type ContactInfo, type ContentInfo, type MarketInfo, type MatchStatic } from './match-state';
import type { OfferInput } from './records';
import type { ThresholdSetSpec } from './thresholds/evaluate';

/**
 * In-memory matches, markets, contacts and content for the engine's unit tests: the decisions
 * are pure given a match state, so no database is needed to work them out by hand.
 */

export const KICK_OFF = Date.parse('2022-12-18T15:00:00Z');

export function market(over: Partial<MarketInfo> = {}): MarketInfo {
  return {
    id: 1,
    name: 'Match Result',
    typeId: 1,
    line: null,
    dynamicLine: false,
    outcomes: ['home', 'draw', 'away'],
    labels: new Map([
      ['1', 'home'],
      ['x', 'draw'],
      ['2', 'away'],
    ]),
    meta: {},
    ...over,
  };
}

export function contact(id: number, over: Partial<ContactInfo> = {}): ContactInfo {
  return {
    id,
    name: `Contact ${id}`,
    channelId: 1,
    languages: ['en'],
    email: null,
    twitter: null,
    deviceId: null,
    segment: `segment-${id}`,
    listId: null,
    rateLimited: false,
    rateLimitMinutes: null,
    limiter: {},
    ...over,
  };
}

export const subscribed = (c: ContactInfo): AudienceMember => ({ contact: c, subscribed: true, trackers: [] });

export function content(id: number, over: Partial<ContentInfo> = {}, parts: Partial<MatchContentParts> = {}): ContentInfo {
  return {
    id,
    marketId: 1,
    marketTypeId: 1,
    ruleSetMarkets: null,
    channelId: 1,
    language: 'en',
    nodeId: 'INPLAY',
    subNode: null,
    leafNode: null,
    period: null,
    parts: { title: [{ content: '{{home.name}} v {{away.name}}' }], content: [{ content: 'Home win pays {{odds.home}}.' }], cta: [], image: [], ...parts },
    ...over,
  };
}

export function set(id: number, over: Partial<ThresholdSetSpec> = {}): ThresholdSetSpec {
  return { id, marketId: 1, contactId: null, type: 'VALUE', thresholds: { home: { value: 2500 } }, line: null, timedBefore: null, ...over };
}

export function matchState(
  parts: { markets?: MarketInfo[]; sets?: ThresholdSetSpec[]; audience?: AudienceMember[]; contents?: ContentInfo[]; meta?: MarketMeta } = {},
): MatchState {
  const markets = parts.markets ?? [market({ meta: parts.meta ?? {} })];
  const audience = parts.audience ?? [];
  const sets = new Map<number, ThresholdSetSpec[]>();
  for (const s of parts.sets ?? []) sets.set(s.marketId, [...(sets.get(s.marketId) ?? []), s]);
  const statics: MatchStatic = {
    versions: new Map(),
    match: {
      id: 7,
      providerId: 1,
      sportId: 1,
      leagueId: 3,
      leagueName: 'FIFA World Cup',
      name: 'Argentina - France',
      start: new Date(KICK_OFF),
      played: true,
      home: { id: 11, name: 'Argentina', shortName: 'ARG', values: null },
      away: { id: 12, name: 'France', shortName: 'FRA', values: null },
      providerActive: true,
    },
    markets: new Map(markets.map((m) => [m.id, m])),
    marketsByRef: new Map(markets.map((m) => [marketRef(m.typeId, m.line), m])),
    sets,
    contacts: new Map(audience.map((a) => [a.contact.id, a.contact])),
    audience,
    contents: parts.contents ?? [],
  };
  return new MatchState(statics, emptyLive());
}

/** An in-play offer of market 1 at `minute` (clock minute, feed time kick-off + minute). */
export function offer(minute: number, odds: Record<string, number>, over: Partial<OfferInput> = {}): OfferInput {
  return {
    sourceId: `o-${minute}-${Object.values(odds).join('-')}`,
    market: market(),
    outcomeMap: odds,
    odds: [],
    line: null,
    score: 'H0-A0',
    subNode: null,
    leafNode: null,
    matchTime: minute * 60,
    gameS: minute * 60,
    period: minute <= 45 ? 1 : 2,
    prematch: false,
    suspended: false,
    feedMs: KICK_OFF + minute * 60_000,
    ...over,
  };
}
