import { Type } from 'typebox';
import { IdParam, IdsQuery, ListQuery, ListReply, ProviderSportQuery } from '../common';
import { Tracker, TrackerInput } from '../entities/tracker';
import { defineRoute } from './define';

const TrackerParams = Type.Object({ trackerId: IdParam });

export const trackerRoutes = {
  trackers: defineRoute({
    // Path chosen: §7 gives "GET tracker list" without a path.
    method: 'GET',
    path: '/api/1/trackers',
    service: 'control',
    summary: 'Trackers (the /trackers list).',
    query: Type.Object({ ...ListQuery, ...ProviderSportQuery }),
    reply: ListReply(Tracker),
  }),
  matchTrackers: defineRoute({
    // Path chosen: §7 writes "GET match/trackers"; the match id goes in the path like other match sub-resources.
    method: 'GET',
    path: '/api/1/match/:matchId/trackers',
    service: 'control',
    summary: 'Trackers following a match (directly or through its league); `ids`: only those of them.',
    params: Type.Object({ matchId: IdParam }),
    query: Type.Object(IdsQuery),
    reply: ListReply(Tracker),
  }),
  tracker: defineRoute({
    method: 'GET',
    path: '/api/1/match/tracker/:trackerId',
    service: 'control',
    summary: 'One tracker (the /tracker/{id}/ edit form).',
    params: TrackerParams,
    reply: Tracker,
  }),
  trackerCreate: defineRoute({
    method: 'POST',
    path: '/api/1/tracker',
    service: 'control',
    summary: 'Create a tracker: a contact following a match (M) or league (L), checked as a save is.',
    body: TrackerInput,
    reply: Tracker,
  }),
  trackerSave: defineRoute({
    // Path chosen: §7 gives "POST tracker (full tracker, by trackerId)" without a path.
    method: 'POST',
    path: '/api/1/tracker/:trackerId',
    service: 'control',
    summary: 'Save a whole tracker.',
    params: TrackerParams,
    body: TrackerInput,
    reply: Tracker,
  }),
};
