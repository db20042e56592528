import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes, type Basket } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
});
afterAll(() => upstream.close());

const get = () => upstream.app.inject({ method: 'GET', url: buildPath(routes.basket), headers });
const put = (payload: Basket) => upstream.app.inject({ method: 'PUT', url: buildPath(routes.basketSave), headers, payload });
const item = (id: number, hold = false) => ({ match_content_id: id, match_id: 3, label: `Content ${id}`, hold });

describe('basket', () => {
  it('is empty until saved, then keeps what was saved', async () => {
    expect((await get()).json()).toEqual({ items: [], required: 0 });
    const saved = await put({ items: [item(1), item(2, true)], required: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ items: [item(1), item(2, true)], required: 1 });
    expect((await get()).json()).toEqual({ items: [item(1), item(2, true)], required: 1 });
    await put({ items: [], required: 0 });
    expect((await get()).json()).toEqual({ items: [], required: 0 });
  });

  it('refuses more required than items, and an item twice', async () => {
    const over = await put({ items: [item(1)], required: 2 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Required to trigger (2) cannot exceed the number of items (1).');
    const twice = await put({ items: [item(1), item(1)], required: 1 });
    expect(twice.statusCode).toBe(400);
  });

  it('needs a token', async () => {
    expect((await upstream.app.inject({ method: 'GET', url: buildPath(routes.basket) })).statusCode).toBe(401);
  });
});
