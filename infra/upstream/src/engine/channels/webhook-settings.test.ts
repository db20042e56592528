import { describe, expect, it } from 'vitest';
import { readEnvironment } from '@odds/ops';
import { readConfig, readWorkerConfig } from '../../config';
import { decideOffer } from '../decide';
import { RateLimiter } from '../rate-limit';
import { emptyDecisions } from '../records';
import { contact, content, matchState, offer, set, subscribed } from '../test-fixtures';
import { webhookConfig, webhookSettings } from './webhook-settings';

const PG = 'postgres://odds@db.internal/odds';
const KEY = Buffer.alloc(32, 3).toString('base64');

describe('simulated figures', () => {
  it('exist only in the embedded demo: never in production, on Postgres, with a broker, or without demo data', () => {
    const shape = { production: false, databaseUrl: './data/pglite', broker: false, seedDemo: true, trackBase: null };
    expect(webhookConfig({}, shape).simulatedStats).toBe(true);
    expect(webhookConfig({}, { ...shape, production: true }).simulatedStats).toBe(false);
    expect(webhookConfig({}, { ...shape, databaseUrl: PG }).simulatedStats).toBe(false);
    expect(webhookConfig({}, { ...shape, broker: true }).simulatedStats).toBe(false);
    expect(webhookConfig({}, { ...shape, seedDemo: false }).simulatedStats).toBe(false);
    // As the processes read their settings.
    expect(readConfig(readEnvironment('api', { PGLITE_DIR: 'memory://' })).webhooks.simulatedStats).toBe(true);
    expect(readConfig(readEnvironment('api', { NODE_ENV: 'production', DATABASE_URL: PG, WEBHOOK_SECRETS_KEY: KEY })).webhooks.simulatedStats).toBe(false);
    expect(readConfig(readEnvironment('api', { NODE_ENV: 'production', PGLITE_DIR: './x', ALLOW_EMBEDDED_DB: '1' })).webhooks.simulatedStats).toBe(false);
    expect(readConfig(readEnvironment('api', { DATABASE_URL: PG })).webhooks.simulatedStats).toBe(false);
    expect(readWorkerConfig(readEnvironment('worker', { DATABASE_URL: PG, AMQP_URL: 'amqp://mq' })).webhooks.simulatedStats).toBe(false);
  });

  it('are given to recorded pushes only where simulated, and labelled so', () => {
    const fan = contact(1, { deviceId: 'fcm:APA91bH' });
    const decide = (simulatedStats: boolean) => {
      const state = matchState({ sets: [set(1)], audience: [subscribed(fan)], contents: [content(1)] });
      const out = emptyDecisions();
      decideOffer(state, offer(10, { home: 2500 }), out, { limiter: new RateLimiter(), smtp: false, nowMs: 0, simulatedStats });
      return out.deliveries.map((d) => ({ status: d.status, stats: d.stats }));
    };
    expect(decide(false)).toEqual([{ status: 'RECORDED', stats: null }]);
    expect(decide(true)).toEqual([{ status: 'RECORDED', stats: expect.objectContaining({ source: 'simulated', report: expect.any(Object) }) }]);
  });
});

describe('the signing key', () => {
  it('comes from WEBHOOK_SECRETS_KEY; production without it signs nothing; the demo keeps one beside its data', () => {
    const shape = { production: false, databaseUrl: './data/pglite', broker: false, seedDemo: true, trackBase: null };
    expect(webhookConfig({ WEBHOOK_SECRETS_KEY: KEY }, { ...shape, production: true }).key).toEqual({ kind: 'setting', key: KEY });
    expect(webhookConfig({}, { ...shape, production: true }).key).toEqual({ kind: 'none' });
    expect(webhookSettings(webhookConfig({}, { ...shape, production: true })).secretsKey).toBeNull();
    expect(webhookConfig({}, shape).key).toEqual({ kind: 'file', path: './data/pglite.webhook-secrets.key' });
    expect(webhookConfig({}, { ...shape, databaseUrl: PG }).key).toEqual({ kind: 'derived', from: PG });
    expect(() => webhookConfig({ WEBHOOK_SECRETS_KEY: 'c2hvcnQ=' }, shape)).toThrow(/WEBHOOK_SECRETS_KEY must be 32 bytes/);
    expect(() => readConfig({ ...readEnvironment('api', { PGLITE_DIR: 'memory://' }), WEBHOOK_ALLOW_HOSTS: 'a b' })).toThrow(/WEBHOOK_ALLOW_HOSTS entry 'a b'/);
  });
});
