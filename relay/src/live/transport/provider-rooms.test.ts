import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeNotice, ProviderChangedPayload } from '@odds/protocol';
import { UpstreamClient } from '../../upstream';
import { ProviderRooms, type ProviderFollower } from './provider-rooms';

/** An upstream that knows providers 1 and 2 and one token, counting the provider checks it answers. */
let server: Server;
let checks = 0;
let rooms: ProviderRooms;
const sent: { room: string; payload: ProviderChangedPayload }[] = [];
let resyncs = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    checks++;
    if (request.headers.authorization !== 'Token good') return void response.writeHead(401).end('{}');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: [{ id: 1 }, { id: 2 }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const upstream = new UpstreamClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  rooms = new ProviderRooms({
    upstream,
    emitLocal: (room, _event, payload) => sent.push({ room, payload }),
    resyncLocal: () => resyncs++,
    log: pino({ level: 'silent' }),
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function follower(token = 'good', display = false): ProviderFollower & { rooms: Set<string> } {
  const joined = new Set<string>(['socket-id']);
  return { token, display, rooms: joined, join: (room) => joined.add(room), leave: (room) => joined.delete(room) };
}

const notice = (change: Partial<ChangeNotice>): ChangeNotice => ({
  seq: 1,
  match_id: 0,
  topics: [],
  offer_ids: [],
  delivery_ids: [],
  event_ids: [],
  reset: false,
  at: '2026-11-24T06:00:00.000Z',
  ...change,
});

describe('ProviderRooms', () => {
  it('moves a socket into the room of the provider it follows, out of the one before, asking the upstream once per token and provider', async () => {
    const conn = follower();
    const before = checks;
    expect(await rooms.follow(conn, { providerId: 1 })).toEqual({ ok: true });
    expect(await rooms.follow(conn, { providerId: 2 })).toEqual({ ok: true });
    expect([...conn.rooms]).toEqual(['socket-id', 'provider:2']);
    expect(await rooms.follow(conn, { providerId: 1 })).toEqual({ ok: true });
    expect(checks - before).toBe(2);
  });

  it('refuses an invalid request, an unknown provider, a refused token and a wall display, leaving the rooms as they were', async () => {
    const conn = follower();
    expect(await rooms.follow(conn, { providerId: 0 })).toMatchObject({ ok: false, error: expect.stringContaining('Invalid provider request') });
    expect(await rooms.follow(conn, { providerId: 3 })).toEqual({ ok: false, error: 'No such provider: 3' });
    expect(await rooms.follow(follower('revoked'), { providerId: 1 })).toEqual({ ok: false, error: 'Authentication required' });
    expect(await rooms.follow(follower('good', true), { providerId: 1 })).toEqual({ ok: false, error: 'A wall display does not follow provider data' });
    expect([...conn.rooms]).toEqual(['socket-id']);
  });

  it("sends one 'changed' per provider-wide record of a notice to the provider's room, and nothing for other notices", () => {
    sent.length = 0;
    expect(rooms.notice(notice({ match_id: 5, topics: ['thresholds'], entity: 'threshold_set', entity_id: 3 }))).toBe(0);
    expect(rooms.notice(notice({ revoked_tokens: ['a'.repeat(64)] }))).toBe(0);
    const actor = { id: 2, name: 'Ana' };
    expect(
      rooms.notice(
        notice({
          provider_id: 2,
          entities: [
            { entity: 'market', id: 4, action: 'update', actor },
            { entity: 'content_group', id: 8, action: 'create', actor },
            { entity: 'team', id: 1, actor },
          ],
        }),
      ),
    ).toBe(2);
    expect(sent).toEqual([
      { room: 'provider:2', payload: { providerId: 2, entity: 'market', id: 4, action: 'update', actor, at: '2026-11-24T06:00:00.000Z' } },
      { room: 'provider:2', payload: { providerId: 2, entity: 'content_group', id: 8, action: 'create', actor, at: '2026-11-24T06:00:00.000Z' } },
    ]);
  });
});
