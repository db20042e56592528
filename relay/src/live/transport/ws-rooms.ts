import type { FastifyBaseLogger } from 'fastify';
import type { RedisClient } from '../../redis';
import type { PushArgs, PushEvent } from '../ground/broadcast';
import { matchKeys } from '../ground/keys';
import { LivePacker } from './packing';

/** A `/live` connection as its room sees it: something a JSON text can be sent to, or its packed binary form. */
export interface WsMember {
  /** It opted into packed messages (protocol's LIVE_WS_PACKED_QUERY). */
  readonly packed: boolean;
  sendText(text: string): void;
  sendBinary(data: Buffer): void;
}

/** `emit` writes `event` first, so a packable push is known by how its text starts (also as it comes back from Redis). */
const PACKABLE_PREFIXES = ['{"event":"snapshot",', '{"event":"delta",'];

/**
 * Rooms of `/live` WebSocket connections (socket.io has its own). In one process a broadcast goes
 * straight to the local members; with Redis it is published on the match's sharded channel, which
 * every instance with `/live` watchers of the match subscribes to (the sender included), so the
 * text is serialised once and every instance sends it to its own members. A big snapshot or
 * delta is deflated once per instance for the members that take packed messages.
 */
export class WsRooms {
  private readonly rooms = new Map<number, Set<WsMember>>();

  constructor(
    private readonly redis: { commands: RedisClient; subscriber: RedisClient; prefix: string } | null,
    private readonly log: FastifyBaseLogger,
    private readonly packer = new LivePacker(),
  ) {}

  join(matchId: number, member: WsMember): void {
    let room = this.rooms.get(matchId);
    if (!room) {
      room = new Set();
      this.rooms.set(matchId, room);
      if (this.redis) {
        const channel = matchKeys(this.redis.prefix, matchId).wsChannel;
        this.redis.subscriber
          .sSubscribe(channel, (text) => this.deliver(matchId, text))
          .catch((error: unknown) => {
            this.log.warn({ err: error, matchId }, 'could not subscribe to /live pushes of a match');
          });
      }
    }
    room.add(member);
  }

  leave(matchId: number, member: WsMember): void {
    const room = this.rooms.get(matchId);
    if (!room?.delete(member) || room.size > 0) return;
    this.rooms.delete(matchId);
    if (this.redis) {
      this.redis.subscriber.sUnsubscribe(matchKeys(this.redis.prefix, matchId).wsChannel).catch(() => {
        // The connection is going away or Redis is down: nothing left to unsubscribe from.
      });
    }
  }

  emit<E extends PushEvent>(matchId: number, event: E, ...[payload]: PushArgs<E>): void {
    const text = JSON.stringify({ event, data: payload });
    if (!this.redis) {
      this.deliver(matchId, text);
      return;
    }
    this.redis.commands.sPublish(matchKeys(this.redis.prefix, matchId).wsChannel, text).catch((error: unknown) => {
      this.log.warn({ err: error, matchId }, 'could not publish a /live push');
    });
  }

  private deliver(matchId: number, text: string): void {
    let packed: Buffer | null | undefined;
    for (const member of this.rooms.get(matchId) ?? []) {
      if (member.packed && packed === undefined) packed = PACKABLE_PREFIXES.some((prefix) => text.startsWith(prefix)) ? this.packer.text(text) : null;
      if (member.packed && packed) member.sendBinary(packed);
      else member.sendText(text);
    }
  }
}
