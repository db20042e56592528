import type { ServerToClientEvents } from '@odds/protocol';

export type PushEvent = keyof ServerToClientEvents;
export type PushPayload<E extends PushEvent> = Parameters<ServerToClientEvents[E]>[0];

/** Sends an event to everyone watching a match, on every instance and both transports. */
export interface RoomBroadcaster {
  emit<E extends PushEvent>(matchId: number, event: E, payload: PushPayload<E>): void;
}
