import { Type } from 'typebox';
import { DeleteReply, IdParam, IdsQuery, ListQuery, ListReply, SuccessReply } from '../common';
import { MatchThresholdInput, MatchThresholdSet, SavedThreshold } from '../entities/thresholds';
import { defineRoute } from './define';

const MatchParams = Type.Object({ matchId: IdParam });

export const thresholdRoutes = {
  matchThresholds: defineRoute({
    // Path chosen: §7 lists "GET/POST thresholds" under the match without one.
    method: 'GET',
    path: '/api/1/match/:matchId/thresholds',
    service: 'control',
    summary: "A match's threshold sets, optionally of one market; `ids`: only those sets.",
    params: MatchParams,
    query: Type.Object({ market_id: Type.Optional(IdParam), ...IdsQuery }),
    reply: ListReply(MatchThresholdSet),
  }),
  matchThresholdsSave: defineRoute({
    // Path chosen, as for matchThresholds.
    method: 'POST',
    path: '/api/1/match/:matchId/thresholds',
    service: 'control',
    summary: 'Save a threshold set for a market of the match (and, if named, as a saved threshold).',
    params: MatchParams,
    body: MatchThresholdInput,
    reply: MatchThresholdSet,
  }),
  matchThresholdsDelete: defineRoute({
    // Path chosen, as for matchThresholds; the ids go in the query (`thresholds_id` of §7).
    method: 'DELETE',
    path: '/api/1/match/:matchId/thresholds',
    service: 'control',
    summary: "Delete threshold sets of the match by id ('Delete all' sends every id).",
    params: MatchParams,
    query: Type.Object({ thresholds_id: Type.Array(IdParam, { minItems: 1, maxItems: 1000 }) }),
    reply: DeleteReply,
  }),
  savedThresholds: defineRoute({
    method: 'GET',
    path: '/api/1/:p/thresholds',
    service: 'control',
    summary: "A provider's saved thresholds (templates the threshold editor can load).",
    params: Type.Object({ p: IdParam }),
    query: Type.Object({ ...ListQuery }),
    reply: ListReply(SavedThreshold),
  }),
  marketThresholds: defineRoute({
    method: 'GET',
    path: '/api/1/thresholds/:marketId',
    service: 'control',
    summary: "A market's saved thresholds (the table under the Markets settings form).",
    params: Type.Object({ marketId: IdParam }),
    reply: ListReply(SavedThreshold),
  }),
  savedThresholdDelete: defineRoute({
    method: 'POST',
    path: '/api/1/thresholds/:thresholdId/delete',
    service: 'control',
    summary: 'Delete a saved threshold (after the operator confirmed).',
    params: Type.Object({ thresholdId: IdParam }),
    reply: SuccessReply,
  }),
};
