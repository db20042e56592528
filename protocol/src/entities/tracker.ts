import { Type, type Static } from 'typebox';
import { Id, NamedRef } from '../common';
import { LanguageCode, LanguageCodeInput } from './language';
import { ThresholdType } from './thresholds';
import { VersionField } from './audit';

/** What a tracker follows: M a match, L a league. */
export const TrackerModelType = Type.Enum(['M', 'L']);
export type TrackerModelType = Static<typeof TrackerModelType>;

/** Match states a tracker delivers in: P prematch, I in play. */
export const MatchState = Type.Enum(['P', 'I']);
export type MatchState = Static<typeof MatchState>;

/**
 * What a tracker asks for (SPEC §3 Tracker.spec): a minimum score as a whole percentage (SPEC §5),
 * one threshold type or a list of them, and the match states to deliver in.
 */
export const TrackerSpec = Type.Object({
  limiter: Type.Object({ min_score: Type.Integer({ minimum: 0, maximum: 100 }) }),
  thresholds_type: Type.Union([ThresholdType, Type.Array(ThresholdType, { minItems: 1, maxItems: 3, uniqueItems: true })]),
  match_state: Type.Array(MatchState, { maxItems: 2, uniqueItems: true }),
});
export type TrackerSpec = Static<typeof TrackerSpec>;

/** A contact following a match or league: it receives content for it in one language. */
export const Tracker = Type.Object({
  id: Id,
  ...VersionField,
  contact_id: Id,
  contact: NamedRef,
  language: LanguageCode,
  model_type: TrackerModelType,
  model_id: Id,
  active: Type.Boolean(),
  spec: TrackerSpec,
});
export type Tracker = Static<typeof Tracker>;

/** Body of a tracker save (SPEC §7 "full tracker"); the tracker id is in the path. */
export const TrackerInput = Type.Object({
  ...VersionField,
  contact_id: Id,
  language: LanguageCodeInput,
  model_type: TrackerModelType,
  model_id: Id,
  active: Type.Boolean(),
  spec: TrackerSpec,
});
export type TrackerInput = Static<typeof TrackerInput>;
