import type { FastifyBaseLogger } from 'fastify';
import type { RedisClient } from '../redis';
import type { PushEvent, PushPayload } from './broadcast';
import { matchKeys } from './keys';

/** A `/live` connection as its room sees it: something a JSON text can be sent to. */
export interface WsMember {
  sendText(text: string): void;
}

/**
 * Rooms of `/live` WebSocket connections (socket.io has its own). In one process a broadcast goes
 * straight to the local members; with Redis it is published on the match's sharded channel, which
 * every instance with `/live` watchers of the match subscribes to (the sender included), so the
 * text is serialised once and every instance sends it to its own members.
 */
export class WsRooms {
  private readonly rooms = new Map<number, Set<WsMember>>();

  constructor(private readonly redis: { commands: RedisClient; subscriber: RedisClient; prefix: string } | null, private readonly log: FastifyBaseLogger) {}

  join(matchId: number, member: WsMember): void {
    let room = this.rooms.get(matchId);
    if (!room) {
      room = new Set();
      this.rooms.set(matchId, room);
      if (this.redis) {
        const channel = matchKeys(this.redis.prefix, matchId).wsChannel;
        this.redis.subscriber.sSubscribe(channel, (text) => this.deliver(matchId, text)).catch((error: unknown) => {
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

  emit<E extends PushEvent>(matchId: number, event: E, payload: PushPayload<E>): void {
    const text = JSON.stringify({ event, data: payload });
    if (!this.redis) return this.deliver(matchId, text);
    this.redis.commands.sPublish(matchKeys(this.redis.prefix, matchId).wsChannel, text).catch((error: unknown) => {
      this.log.warn({ err: error, matchId }, 'could not publish a /live push');
    });
  }

  private deliver(matchId: number, text: string): void {
    for (const member of this.rooms.get(matchId) ?? []) member.sendText(text);
  }
}
