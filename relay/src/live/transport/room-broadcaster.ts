import { matchRoom } from '@odds/protocol';
import type { RoomBroadcaster, PushPayload } from '../ground/broadcast';
import { isPackable, type LivePacker } from './packing';
import type { RelayIo } from './socket-io';
import type { WsRooms } from './ws-rooms';

/**
 * The rooms' broadcaster over both transports: socket.io's room `match:{id}` (on every instance,
 * through the Redis adapter when there is one) and the `/live` sockets of the match. `io` is read
 * at each push: it is created after the hub, and pushes only happen once sockets watch.
 */
export function roomBroadcaster(io: () => RelayIo | null, wsRooms: WsRooms, packer: LivePacker): RoomBroadcaster {
  return {
    emit(matchId, event, ...args) {
      const room = io()?.to(matchRoom(matchId));
      // socket.io-adapter encodes a broadcast once for the whole room; a packed one carries the
      // deflated bytes as its binary attachment, the same buffer for every socket.
      const packed = isPackable(event) ? packer.payload(event, args[0] as PushPayload<'snapshot' | 'delta'>) : null;
      if (packed) room?.emit('packed', packed);
      else room?.emit(event, ...args);
      wsRooms.emit(matchId, event, ...args);
    },
  };
}
