import { Type, type Static } from 'typebox';
import { IdParam } from '../common';
import { defineRoute } from './define';

/**
 * What the relay's safety check of a match reads: one opaque version per live topic (LIVE_TOPICS),
 * which moves whenever what that topic's read would answer moves. The relay compares them with the
 * last check's and reads only the topics whose version moved. A wall display's token gets the
 * versions of what it may read (feed, offers, deliveries).
 */
export const LiveVersions = Type.Object({
  match_id: IdParam,
  versions: Type.Record(Type.String(), Type.String()),
  /** The smallest offer id of the match (null: none): it moves only when the feed was cleared or rewritten. */
  feed_start: Type.Union([Type.Integer(), Type.Null()]),
  /** The greatest offer id of the match (null: none): a relay that holds the offers up to it has nothing of the feed or offers to read. */
  feed_end: Type.Union([Type.Integer(), Type.Null()]),
  /**
   * The match's last publication (ChangeNotice.publication; offset 0: none yet in its epoch), null
   * before its feed's first write: a relay's first check gives its publications a start, and a
   * later one past what its notices brought shows a notice lost.
   */
  publication: Type.Optional(Type.Union([Type.Object({ epoch: Type.String({ minLength: 1 }), offset: Type.Integer({ minimum: 0 }) }), Type.Null()])),
});
export type LiveVersions = Static<typeof LiveVersions>;

export const liveRoutes = {
  matchLiveVersions: defineRoute({
    method: 'GET',
    path: '/api/1/match/:matchId/live-versions',
    service: 'event store',
    summary: "One version per live topic of a match (the relay's safety check: one call, then reads only of the topics that moved).",
    params: Type.Object({ matchId: IdParam }),
    reply: LiveVersions,
  }),
};
