import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestUpstream, type TestUpstream } from '../../testing';
import { channelCredentials, channelOauthTokens } from '../../db/schema';
import type { Db } from '../../db/client';
import { saveChannel } from './credentials';
import { startXFake, type XFake } from './fakes/x-fake';
import { testContext, testMessage } from './testing';
import { createXAdapter, type XCredentials } from './x';
import { memoryTokenStore } from './x-auth';
import { databaseTokenStore } from './x-tokens';

/**
 * X's refresh token is single-use (the fake spends it as X does): two workers that find the access
 * token lapsed at once must renew it once between them, through the database's shared store.
 */

let upstream: TestUpstream;
let db: Db;
let fake: XFake;
let credentialId: number;
const secretsKey = randomBytes(32).toString('base64');
const ADMIN_CALL = { user: { id: 1, name: 'Test Admin' }, request: { headers: {} } };
const credentials = (refreshToken: string): XCredentials => ({
  settings: { clientId: 'client-1' },
  secrets: { oauth2: { accessToken: 'at-lapsed', refreshToken } },
});
const post = (text: string) => testMessage({ kind: 'handle', value: '@oddsbrand' }, { log: { subject: 'Goal', body: text, cta: null, content: null } });
/** One engine worker: its own adapter (its memory empty) and its own holder of the shared store. */
const worker = () => {
  const adapter = createXAdapter(memoryTokenStore());
  const tokens = databaseTokenStore(db, secretsKey, credentialId);
  return (text: string, refreshToken: string) => adapter.send(post(text), credentials(refreshToken), { ...testContext(fake.url), tokens });
};

beforeAll(async () => {
  upstream = await createTestUpstream();
  db = upstream.database.db;
  // The token endpoint answers slowly, so both workers are in their renewal at once.
  fake = await startXFake({ behaviour: { latencyMs: 150 } });
  const saved = await saveChannel(
    upstream.app.writes,
    ADMIN_CALL,
    1,
    'x',
    { vendor: 'x', settings: { client_id: 'client-1' }, secrets: { access_token: 'at-lapsed', refresh_token: 'rt-initial' } },
    secretsKey,
  );
  const [row] = await db.select({ id: channelCredentials.id }).from(channelCredentials).where(eq(channelCredentials.providerId, 1));
  credentialId = row!.id;
  expect(saved.state).toBe('configured');
}, 120_000);
afterAll(async () => {
  await fake?.close();
  await upstream?.close();
});
beforeEach(async () => {
  await db.delete(channelOauthTokens);
});

describe('X tokens shared by the workers', () => {
  it('two workers racing to renew a lapsed token spend the refresh token once, and both post with the renewed one', async () => {
    fake.behaviour.refreshToken = 'rt-race';
    const before = fake.renewals;
    const [a, b] = [worker(), worker()];
    const outcomes = await Promise.all([a('race one', 'rt-race'), b('race two', 'rt-race')]);
    expect(outcomes.map((o) => o.kind)).toEqual(['sent', 'sent']);
    expect(fake.renewals - before).toBe(1);
    const renewedWith = fake.received.filter((r) => r.url === '/2/oauth2/token').map((r) => r.json?.refresh_token);
    expect(renewedWith).toEqual(['rt-race']);
    // The pair is kept sealed: the row holds neither token in the clear.
    const [row] = await db.select().from(channelOauthTokens);
    expect(row).toMatchObject({ credentialId, renewingBy: null });
    expect(row!.sealed).not.toContain(fake.behaviour.refreshToken);
    // A third worker (a process started later) posts with the stored pair, renewing nothing.
    expect((await worker()('race three', 'rt-race')).kind).toBe('sent');
    expect(fake.renewals - before).toBe(1);
  });

  it('without the shared store the second worker spends a refresh token already spent, and X refuses it', async () => {
    fake.behaviour.refreshToken = 'rt-apart';
    const apart = () => createXAdapter(memoryTokenStore());
    const [a, b] = [apart(), apart()];
    const outcomes = await Promise.all([
      a.send(post('apart one'), credentials('rt-apart'), testContext(fake.url)),
      b.send(post('apart two'), credentials('rt-apart'), testContext(fake.url)),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['misconfigured', 'sent']);
  });

  it('a worker that finds the lease of a worker that died waits for it to run out, then renews', async () => {
    fake.behaviour.refreshToken = 'rt-dead';
    const clock = { ms: Date.now() };
    const now = () => clock.ms;
    const tokens = databaseTokenStore(db, secretsKey, credentialId, now);
    const key = 'k-dead';
    await db.insert(channelOauthTokens).values({ key, credentialId, renewingBy: 'gone-worker', renewingUntilMs: clock.ms + 200 });
    const spent = { accessToken: 'at-lapsed', refreshToken: 'rt-dead', expiresAtMs: null };
    setTimeout(() => {
      clock.ms += 1_000;
    }, 300);
    let calls = 0;
    const result = await tokens.renew(key, spent, async (current) => {
      calls += 1;
      return { ...current, accessToken: 'at-new', refreshToken: 'rt-new', expiresAtMs: null };
    });
    expect(result).toMatchObject({ accessToken: 'at-new' });
    expect(calls).toBe(1);
    const [row] = await db.select().from(channelOauthTokens).where(eq(channelOauthTokens.key, key));
    expect(row).toMatchObject({ renewingBy: null });
    expect(await tokens.get(key)).toEqual({ accessToken: 'at-new', refreshToken: 'rt-new', expiresAtMs: null });
  });
});
