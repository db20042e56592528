/**
 * The UOF adapter's broker connection and its dead letters, as Feed health and /readyz show them
 * (docs/feeds-uof.md).
 */
import { Type, type Static } from 'typebox';
import { Id, Nullable, Timestamp } from './common';

/**
 * `connecting` (started, never connected yet), `connected`, `down` (lost or refused: trying again
 * with backoff), `standby` (an API process waiting while another one holds the feed's lease).
 */
export const UofConnectionState = Type.Enum(['connecting', 'connected', 'down', 'standby']);
export type UofConnectionState = Static<typeof UofConnectionState>;

export const UofConnectionHealth = Type.Object({
  state: UofConnectionState,
  since: Timestamp,
  /** Why it is down (the broker's or the socket's words), null when connected. */
  reason: Nullable(Type.String()),
  /** When the last message arrived (our clock), null before the first. */
  last_message_at: Nullable(Timestamp),
  /** Connections made again after a loss since the adapter started. */
  reconnects: Type.Integer({ minimum: 0 }),
  /** False when the adapter has not written it for a while: no process runs the adapter now. */
  current: Type.Boolean(),
});
export type UofConnectionHealth = Static<typeof UofConnectionHealth>;

/** A UOF message the adapter could not take, with its reason; re-driven by an operator from Feed health. */
export const UofDeadLetter = Type.Object({
  id: Id,
  /** `uof_malformed`, `uof_rejected`, `uof_too_large`, `uof_failed` (failed UOF_MAX_ATTEMPTS times). */
  kind: Type.String(),
  reason: Type.String(),
  routing_key: Type.String(),
  match_id: Nullable(Id),
  /** Bytes of the message as it came. */
  size: Type.Integer({ minimum: 0 }),
  /** Its start as text (at most 2,000 characters). */
  preview: Type.String(),
  /** Whether it was kept whole and can be driven again (not one refused by its size). */
  redrivable: Type.Boolean(),
  created_at: Timestamp,
  redrive_requested_at: Nullable(Timestamp),
  redrive_requested_by: Nullable(Type.String()),
  redriven_at: Nullable(Timestamp),
  /** `handled`, or why it was dead-lettered again. */
  redrive_outcome: Nullable(Type.String()),
});
export type UofDeadLetter = Static<typeof UofDeadLetter>;

export const UofDeadLettersReply = Type.Object({
  counts: Type.Array(Type.Object({ kind: Type.String(), count: Type.Integer({ minimum: 0 }) })),
  results: Type.Array(UofDeadLetter),
});
export type UofDeadLettersReply = Static<typeof UofDeadLettersReply>;
