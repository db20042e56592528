/**
 * The relay's pushes in types: a room broadcast and a send to one live connection take exactly
 * protocol's server → client event map, so a renamed event or a payload of the wrong shape breaks
 * the build instead of reaching a console. `npm run typecheck` checks these lines; at run time
 * they are no-ops.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { DeltaPayload, PresencePayload, ServerToClientEvents, StatusPayload } from '@odds/protocol';
import type { LiveConnection, PushArgs, RoomBroadcaster, roomBroadcaster } from '@odds/relay/testing';

const status: StatusPayload = { matchId: 1, upstream: 'ok', lastSuccessAt: null };
const delta: DeltaPayload = { matchId: 1, topic: 'feed', epoch: 'e', seq: 1, upserts: [], removes: [] };

describe('the room broadcaster', () => {
  it('is what the socket.io broadcaster builds', () => {
    expectTypeOf<ReturnType<typeof roomBroadcaster>>().toEqualTypeOf<RoomBroadcaster>();
  });

  it("takes each event with its own payload from protocol's map", () => {
    expectTypeOf<PushArgs<'status'>>().toEqualTypeOf<Parameters<ServerToClientEvents['status']>>();
    expectTypeOf<PushArgs<'delta'>>().toEqualTypeOf<[DeltaPayload]>();
    // Calls, not toBeCallableWith: a generic function's Parameters<> pair any event with any
    // event's payload, where a call infers the event first and holds the payload to it.
    expectTypeOf(pushes).toBeFunction();
  });
});

/** Never called: the compiler checks each push (and that each wrong one is refused). */
function pushes(broadcaster: RoomBroadcaster, conn: LiveConnection): void {
  broadcaster.emit(1, 'status', status);
  broadcaster.emit(1, 'delta', delta);
  broadcaster.emit(1, 'presence', { matchId: 1, viewers: { count: 0, names: [] } } satisfies PresencePayload);
  // @ts-expect-error a status is not a delta
  broadcaster.emit(1, 'delta', status);
  // @ts-expect-error a delta without its seq
  broadcaster.emit(1, 'delta', { matchId: 1, topic: 'feed', epoch: 'e', upserts: [], removes: [] });
  // @ts-expect-error a push carries its payload
  broadcaster.emit(1, 'status');
  // @ts-expect-error no such event in ServerToClientEvents
  broadcaster.emit(1, 'deltas', delta);
  // One connection (a socket.io socket or a /live client) is held to the same map.
  conn.send('status', status);
  // @ts-expect-error a delta is not a status
  conn.send('status', delta);
}
