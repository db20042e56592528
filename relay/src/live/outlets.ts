import { matchRoom, type MatchFeedHealth, type User } from '@odds/protocol';
import type { ProbeState } from './polling/upstream-probe';
import type { LiveStore } from './state/store';
import type { CatalogOutlets } from './transport/catalog-notices';
import type { RelayIo } from './transport/socket-io';
import type { WsRooms } from './transport/ws-rooms';

/** The socket.io server once it exists (it is made after the hub and /live). */
export interface IoRef {
  io: RelayIo | null;
}

/** Header changes go to consoles only: a wall display shows no connector, and is told no operator's name. */
export function catalogOutlets(ref: IoRef): CatalogOutlets {
  return {
    toMatch: (matchId, payload) => {
      const sockets = ref.io?.of('/').sockets;
      for (const id of ref.io?.of('/').adapter.rooms.get(matchRoom(matchId)) ?? []) {
        const socket = sockets?.get(id);
        if (socket && !socket.data.display) socket.emit('matchChanged', payload);
      }
    },
    // Rare (a provider toggle, a kill switch): every console of this instance that sees the provider (null: all).
    toConsoles: (payload, providerId) => {
      for (const socket of ref.io?.of('/').sockets.values() ?? [])
        if (!socket.data.display && (providerId === null || sees(socket.data.user, providerId))) socket.emit('catalogChanged', payload);
    },
  };
}

/** Whether a socket's operator sees a provider (provider_ids absent or null: every provider). */
const sees = (user: User, providerId: number) => !user.provider_ids || user.provider_ids.includes(providerId);

/**
 * A match's feed health changed: every socket that sees every provider (walls and consoles alike),
 * and the watchers of that match (who were let into its room); an operator granted only some
 * providers is not told of other providers' matches.
 */
export function feedHealthOutlet(ref: IoRef, health: MatchFeedHealth): void {
  const watching = ref.io?.of('/').adapter.rooms.get(matchRoom(health.match_id));
  for (const socket of ref.io?.of('/').sockets.values() ?? [])
    if (!socket.data.user.provider_ids || watching?.has(socket.id)) socket.emit('feedHealth', health);
}

/**
 * The upstream probe's verdict changed: the rooms of the matches watched on this instance are told
 * at once (down: since when nothing answered; back: each match's stored poller status).
 */
export async function announceUpstream(
  ref: IoRef,
  { store, wsRooms, lastOkAt }: { store: LiveStore; wsRooms: WsRooms; lastOkAt(): number | null },
  state: ProbeState,
): Promise<void> {
  const matchIds = [...(ref.io?.of('/').adapter.rooms.keys() ?? [])]
    .map((room) => /^match:(\d+)$/.exec(room)?.[1])
    .filter(Boolean)
    .map(Number);
  for (const matchId of matchIds) {
    const stored = state === 'ok' ? await store.status(matchId).catch(() => null) : null;
    const okAt = lastOkAt();
    const payload = stored ?? { matchId, upstream: state, lastSuccessAt: okAt === null ? null : new Date(okAt).toISOString() };
    ref.io?.local.to(matchRoom(matchId)).emit('status', payload);
    wsRooms.emit(matchId, 'status', payload);
  }
}
