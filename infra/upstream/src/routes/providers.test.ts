import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Provider } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
});
afterAll(() => upstream.close());

const post = (url: string, payload: unknown) => upstream.app.inject({ method: 'POST', url, headers, payload: payload as object });

describe('POST /api/1/providers/:providerId (providerUpdate)', () => {
  it('deactivates and reactivates a provider, replying with the provider', async () => {
    const off = await post('/api/1/providers/1', { active: false });
    expect(off.statusCode).toBe(200);
    const provider = off.json<Provider>();
    expect(provider).toMatchObject({ id: 1, name: 'Nordic Sportsbook', active: false, meta: { languages: ['en', 'da', 'sv', 'no', 'fi'] } });
    expect(provider.sports.map((s) => s.name)).toEqual(['Football', 'Ice Hockey', 'Tennis', 'Basketball']);
    const listed = (await upstream.app.inject({ method: 'GET', url: '/api/1/providers?active_only=true', headers })).json<{ results: Provider[] }>();
    expect(listed.results.map((p) => p.id)).toEqual([2]);
    expect((await post('/api/1/providers/1', { active: true })).json<Provider>().active).toBe(true);
  });

  it('answers 404 for an unknown provider and 400 for a missing flag', async () => {
    const unknown = await post('/api/1/providers/99', { active: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Provider 99 not found');
    const missing = await post('/api/1/providers/1', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("body must have required property 'active'");
  });
});

describe('POST /api/1/providers/:providerId/control (providerControlUpdate)', () => {
  it('switches the engine for a provider, and again', async () => {
    expect((await post('/api/1/providers/3/control', { active: true })).json()).toEqual({ provider_id: 3, active: true });
    expect((await post('/api/1/providers/3/control', { active: false })).json()).toEqual({ provider_id: 3, active: false });
  });

  it('answers 404 for an unknown provider and 400 for a flag that is not a boolean', async () => {
    const unknown = await post('/api/1/providers/42/control', { active: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Provider 42 not found');
    const bad = await post('/api/1/providers/1/control', { active: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('active must be boolean');
  });
});
