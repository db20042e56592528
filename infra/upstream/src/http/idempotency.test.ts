import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let token: string;

beforeAll(async () => {
  upstream = await createTestUpstream();
  token = await upstream.login();
});
afterAll(async () => upstream?.close());

const create = (name: string, key?: string, extra: Record<string, string> = {}) =>
  upstream.app.inject({
    method: 'POST',
    url: '/api/1/contact',
    headers: { authorization: `Token ${token}`, ...(key !== undefined && { 'idempotency-key': key }), ...extra },
    payload: { name, device_id: 'd-1' },
  });
const named = async (name: string) => {
  const reply = await upstream.app.inject({ method: 'GET', url: '/api/1/contacts?limit=1000', headers: { authorization: `Token ${token}` } });
  return reply.json<{ items: { id: number; name: string }[] }>().items.filter((c) => c.name === name);
};

describe('Idempotency-Key on creating calls', () => {
  it('a repeat gets the first reply and writes nothing', async () => {
    const first = await create('Idem A', 'k-a');
    const again = await create('Idem A', 'k-a');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await named('Idem A')).toHaveLength(1);
  });

  it('requests racing with one key run once', async () => {
    const replies = await Promise.all(Array.from({ length: 5 }, () => create('Idem race', 'k-race')));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.json<{ id: number }>().id)).size).toBe(1);
    expect(await named('Idem race')).toHaveLength(1);
  });

  it('the same key with another body is refused', async () => {
    await create('Idem B', 'k-b');
    const other = await create('Idem C', 'k-b');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.stringMatching(/already used for a different request/) });
    expect(await named('Idem C')).toHaveLength(0);
  });

  it('a refused first request frees its key: the corrected retry runs', async () => {
    const bad = await upstream.app.inject({
      method: 'POST',
      url: '/api/1/contact',
      headers: { authorization: `Token ${token}`, 'idempotency-key': 'k-d' },
      payload: { name: '' },
    });
    expect(bad.statusCode).toBe(400);
    // Same key, same (bad) body again: refused again, for real (not a stored refusal).
    expect(
      (
        await upstream.app.inject({
          method: 'POST',
          url: '/api/1/contact',
          headers: { authorization: `Token ${token}`, 'idempotency-key': 'k-d' },
          payload: { name: '' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refuses a malformed key with a plain message, and without a key behaves as before', async () => {
    const bad = await create('Idem E', 'has space');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Idempotency-Key must be 1 to 200 visible ASCII characters/);
    await create('Idem F');
    await create('Idem F');
    expect(await named('Idem F')).toHaveLength(2);
  });

  it('keeps keys in the database (a restart of the services still knows them)', async () => {
    await create('Idem G', 'k-g');
    const rows = await upstream.database.db.execute<{ status: number }>(
      (await import('drizzle-orm')).sql`select status from idempotency_keys where key = 'k-g'`,
    );
    expect((rows as unknown as { rows: { status: number }[] }).rows ?? rows).toEqual([{ status: 200 }]);
  });
});

describe('Idempotency-Key belongs to the session', () => {
  it('a logout replayed from another session with the same key signs that session out for real', async () => {
    const [first, second] = [await upstream.login(), await upstream.login()];
    const logout = (session: string) =>
      upstream.app.inject({ method: 'POST', url: '/api/1/logout', headers: { authorization: `Token ${session}`, 'idempotency-key': 'k-logout' } });
    expect((await logout(first)).statusCode).toBe(200);
    const other = await logout(second);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotency-replayed']).toBeUndefined();
    const after = await upstream.app.inject({ method: 'GET', url: '/api/1/session', headers: { authorization: `Token ${second}` } });
    expect(after.statusCode).toBe(401);
  });

  it('a create repeated from another session with the same key runs again: each session has its own keys', async () => {
    const other = await upstream.login();
    await create('Idem per session', 'k-session');
    const again = await upstream.app.inject({
      method: 'POST',
      url: '/api/1/contact',
      headers: { authorization: `Token ${other}`, 'idempotency-key': 'k-session' },
      payload: { name: 'Idem per session', device_id: 'd-1' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    expect(await named('Idem per session')).toHaveLength(2);
  });
});
