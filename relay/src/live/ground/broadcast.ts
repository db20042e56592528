import type { ServerToClientEvents } from '@odds/protocol';

export type PushEvent = keyof ServerToClientEvents;
export type PushPayload<E extends PushEvent> = Parameters<ServerToClientEvents[E]>[0];
/**
 * An event's arguments as protocol's event map has them: what socket.io's typed `emit` takes, so a
 * push is checked against the map on its way out (a wrong payload is a compile error).
 */
export type PushArgs<E extends PushEvent> = Parameters<ServerToClientEvents[E]>;

/** Sends an event to everyone watching a match, on every instance and both transports. */
export interface RoomBroadcaster {
  emit<E extends PushEvent>(matchId: number, event: E, ...payload: PushArgs<E>): void;
}
