import { Type } from 'typebox';
import { IdParam } from '../common';
import { FeedHealthReply, MatchFeedHealth, UofLink, UofLinkRequest, UofMarketMapping, UofMarketMappingInput, UofMarketMappingList } from '../uof';
import { UofDeadLetter, UofDeadLettersReply } from '../uof-connection';
import { defineRoute } from './define';

const MatchParams = Type.Object({ matchId: IdParam });
const DeadLetterParams = Type.Object({ deadLetterId: IdParam });
const MappingParams = Type.Object({ uofMarketId: Type.Integer({ minimum: 1, maximum: 1_000_000 }) });

/** Which UOF event a match is, and the feed health of every live match. */
export const uofRoutes = {
  matchUofLink: defineRoute({
    method: 'GET',
    path: '/api/1/match/:matchId/uof',
    service: 'event store',
    summary: 'The UOF event a match is linked to (event null when none).',
    params: MatchParams,
    reply: UofLink,
  }),
  matchUofLinkSave: defineRoute({
    method: 'PUT',
    path: '/api/1/match/:matchId/uof',
    service: 'event store',
    summary: 'Link a match to a UOF event (`sr:match:10927088`); audited and versioned (If-Match or version).',
    params: MatchParams,
    body: UofLinkRequest,
    reply: UofLink,
  }),
  matchUofLinkDelete: defineRoute({
    method: 'DELETE',
    path: '/api/1/match/:matchId/uof',
    service: 'event store',
    summary: 'Unlink a match from its UOF event; audited.',
    params: MatchParams,
    reply: UofLink,
  }),
  uofMarketMap: defineRoute({
    method: 'GET',
    path: '/api/1/uof/market-map',
    service: 'control',
    summary: 'The UOF market mapping: UOF market id (and its line specifier) to market type, UOF outcome ids to outcome keys.',
    reply: UofMarketMappingList,
  }),
  uofMarketMapSave: defineRoute({
    method: 'PUT',
    path: '/api/1/uof/market-map/:uofMarketId',
    service: 'control',
    summary: 'Add or change the mapping of a UOF market (outcome keys checked against the market type); audited.',
    params: MappingParams,
    body: UofMarketMappingInput,
    reply: UofMarketMapping,
  }),
  uofMarketMapDelete: defineRoute({
    method: 'DELETE',
    path: '/api/1/uof/market-map/:uofMarketId',
    service: 'control',
    summary: 'Remove the mapping of a UOF market (its messages then count as unknown markets); audited.',
    params: MappingParams,
    reply: UofMarketMapping,
  }),
  feedHealth: defineRoute({
    method: 'GET',
    path: '/api/1/feed-health',
    service: 'engine',
    summary: 'Every live match: its feed, last message, stalled or not, producer state; UOF producers, unknown markets, unlinked events and recoveries.',
    reply: FeedHealthReply,
  }),
  matchFeedHealth: defineRoute({
    method: 'GET',
    path: '/api/1/match/:matchId/feed-health',
    service: 'engine',
    summary: "One match's feed health (the match page's banner, a wall panel); a match not in play is never stalled.",
    params: MatchParams,
    reply: MatchFeedHealth,
  }),
  uofDeadLetters: defineRoute({
    method: 'GET',
    path: '/api/1/uof/dead-letters',
    service: 'engine',
    summary: 'UOF messages the adapter could not take (malformed, refused, too large, failing): counts by kind and the newest with their reasons.',
    query: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })) }),
    reply: UofDeadLettersReply,
  }),
  uofDeadLetterRedrive: defineRoute({
    method: 'POST',
    path: '/api/1/uof/dead-letters/:deadLetterId/redrive',
    service: 'engine',
    summary: 'Drive a UOF dead letter through the adapter again (audited; 409 while one is waiting, 400 when only its start was kept).',
    params: DeadLetterParams,
    reply: UofDeadLetter,
  }),
};
