import { Type, type Static } from 'typebox';
import { DateString, Id, NamedRef, Nullable, Timestamp } from '../common';

/**
 * The kill switch (docs/compliance-operations.md): "stop all sends" for one provider or for the
 * whole deployment. While a scope is stopped no vendor, webhook or mail call is made for it, and
 * what the engine decides meanwhile is a suppression SENDS_STOPPED.
 */
export const SendStop = Type.Object({
  /** The provider it stops; null: the whole deployment. */
  provider: Nullable(NamedRef),
  stopped: Type.Boolean(),
  /** Why it was stopped (kept after a resume, as the last stop's reason). */
  reason: Type.String(),
  /** Who stopped or resumed it last, and when; null for a scope never stopped. */
  changed_by: Nullable(Type.Object({ id: Nullable(Id), name: Type.String() })),
  changed_at: Nullable(Timestamp),
  /** 0 for a scope never stopped; send the version read with a stop or resume (a 409 when it moved). */
  version: Type.Integer({ minimum: 0 }),
});
export type SendStop = Static<typeof SendStop>;

/** Every scope: the deployment first, then each provider. */
export const SendStopsReply = Type.Object({ results: Type.Array(SendStop) });
export type SendStopsReply = Static<typeof SendStopsReply>;

export const SendStopInput = Type.Object({
  /** The provider to stop or resume; null: the whole deployment. */
  provider_id: Nullable(Id),
  /** True stops, false resumes. */
  stopped: Type.Boolean(),
  /** Required when stopping: said in every console's banner and in history. */
  reason: Type.String({ maxLength: 500 }),
  version: Type.Integer({ minimum: 0, maximum: 2147483647 }),
});
export type SendStopInput = Static<typeof SendStopInput>;

/** Suppressions stored today (in the deployment's time zone), per provider and reason. */
export const SuppressionsToday = Type.Object({
  day: DateString,
  time_zone: Type.String(),
  /** The day's first instant, in UTC. */
  since: Timestamp,
  results: Type.Array(Type.Object({ provider: NamedRef, reason: Type.String(), count: Type.Integer({ minimum: 0 }) })),
});
export type SuppressionsToday = Static<typeof SuppressionsToday>;
