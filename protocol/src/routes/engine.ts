import { Type } from 'typebox';
import { DeleteReply, IdParam, ListQuery, ListReply } from '../common';
import {
  BacktestReply,
  BacktestRequest,
  ChangeNotice,
  DeadLettersReply,
  IngestReply,
  IngestRequest,
  MatchFeedEvent,
  MatchLiveState,
  Suppression,
} from '../engine';
import { defineRoute } from './define';

const MatchParams = Type.Object({ matchId: IdParam });

/** The live engine's own calls: feed ingestion, the change stream, match state and backtests. */
export const engineRoutes = {
  ingest: defineRoute({
    method: 'POST',
    path: '/api/1/engine/match/:matchId/ingest',
    service: 'engine',
    summary: 'Ingest feed messages (offers and match events) of a match; each new offer is evaluated at once. Idempotent by source_id.',
    params: MatchParams,
    body: IngestRequest,
    reply: IngestReply,
  }),
  engineReset: defineRoute({
    method: 'POST',
    path: '/api/1/engine/match/:matchId/reset',
    service: 'engine',
    summary: "Clear a match's feed: offers, match events, firings, deliveries, suppressions and live state (a looping replay starts over).",
    params: MatchParams,
    reply: DeleteReply,
  }),
  backtest: defineRoute({
    method: 'POST',
    path: '/api/1/engine/backtest',
    service: 'engine',
    summary:
      "Run a threshold set over a past match's offers or a recorded feed: what would fire, be delivered or suppressed, and why. Stores and sends nothing.",
    body: BacktestRequest,
    reply: BacktestReply,
  }),
  changes: defineRoute({
    // Server-sent events: one `change` event per notice (the reply schema describes its data), a
    // comment line every 15 s to keep proxies from closing the stream. Last-Event-ID resumes.
    method: 'GET',
    path: '/api/1/changes',
    service: 'engine',
    summary: 'Change stream (text/event-stream): a notice per new feed event, offer or delivery, of one match or all.',
    query: Type.Object({ match_id: Type.Optional(IdParam) }),
    reply: ChangeNotice,
  }),
  matchLiveState: defineRoute({
    method: 'GET',
    path: '/api/1/match/:matchId/live',
    service: 'event store',
    summary: 'The match as its feed left it: status, period, score, clock, suspensions.',
    params: MatchParams,
    reply: MatchLiveState,
  }),
  matchFeedEvents: defineRoute({
    method: 'GET',
    path: '/api/1/match/:matchId/feed/events',
    service: 'event store',
    summary: "A match's feed events that are not odds (goals, periods, suspensions), oldest first.",
    params: MatchParams,
    query: Type.Object({ ...ListQuery }),
    reply: ListReply(MatchFeedEvent),
  }),
  deadLetters: defineRoute({
    method: 'GET',
    path: '/api/1/engine/dead-letters',
    service: 'engine',
    summary: 'Feed messages the engine workers moved to the dead-letter queue (broker mode): counts by kind and the newest, with their reasons.',
    query: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })) }),
    reply: DeadLettersReply,
  }),
  matchSuppressions: defineRoute({
    method: 'GET',
    path: '/api/1/match/:matchId/suppressions',
    service: 'control',
    summary: 'What the engine held back for a match and why (market bounds, missing content, rate limits), newest first. Filter by market or offer.',
    params: MatchParams,
    query: Type.Object({ ...ListQuery, market_id: Type.Optional(IdParam), offer_id: Type.Optional(IdParam) }),
    reply: ListReply(Suppression),
  }),
};
