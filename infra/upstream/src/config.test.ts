import { describe, expect, it } from 'vitest';
import { readEnvironment } from '@odds/ops';
import { readConfig, readDatabaseConfig, readOperatorConfig, readWorkerConfig } from './config';

describe("the API process's settings", () => {
  it('has the laptop defaults with nothing set, frozen', () => {
    const config = readConfig(readEnvironment('api', {}));
    expect(config).toMatchObject({
      production: false,
      port: 8081,
      host: '127.0.0.1',
      databaseUrl: './data/pglite',
      seedDemo: true,
      tokenTtlMs: 12 * 3_600_000,
      publicUrl: 'http://localhost:8080',
      metricsToken: null,
      broker: null,
      smtp: null,
      uof: null,
      changes: { redisUrl: null, redisPrefix: 'odds:' },
      sending: { pollMs: 1_000 },
      feedHealth: { stallAfterS: 60 },
    });
    expect(Object.isFrozen(config) && Object.isFrozen(config.changes) && Object.isFrozen(config.feedHealth)).toBe(true);
  });

  it('reads the broker, mail server, senders and feed settings once, as the routes and engine get them', () => {
    const config = readConfig(
      readEnvironment('api', {
        AMQP_URL: 'amqp://rabbit',
        AMQP_PREFIX: 'blue',
        ENGINE_SHARDS: '4',
        SMTP_URL: 'smtp://mail:25',
        METRICS_TOKEN: 's3cret',
        DELIVERY_CONCURRENCY: '2',
        DELIVERY_POLL_MS: '250',
        FEED_STALL_S: '5',
        PORT: '9000',
        REDIS_URL: 'redis://r',
        ENGINE_WORKERS: '3',
      }),
    );
    expect(config.broker).toEqual({ url: 'amqp://rabbit', prefix: 'blue', shards: 4 });
    expect(config.smtp).toEqual({ url: 'smtp://mail:25', from: 'offers@odds-console.local' });
    expect(config).toMatchObject({
      metricsToken: 's3cret',
      sending: { pollMs: 250, options: { concurrency: 2 } },
      feedHealth: { stallAfterS: 5 },
      publicUrl: 'http://localhost:9000',
      changes: { redisUrl: 'redis://r' },
    });
  });

  it('refuses production on PGlite and demo seeding in production, naming the variable', () => {
    expect(() => readConfig(readEnvironment('api', { NODE_ENV: 'production' }))).toThrow(/NODE_ENV=production needs DATABASE_URL/);
    expect(() => readConfig(readEnvironment('api', { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/odds', SEED_DEMO: 'on' }))).toThrow(
      /SEED_DEMO is refused/,
    );
    expect(readDatabaseConfig(readEnvironment('migrate', { NODE_ENV: 'production', ALLOW_EMBEDDED_DB: '1', PGLITE_DIR: 'memory://' }))).toEqual({
      production: true,
      databaseUrl: 'memory://',
    });
  });
});

describe("an engine worker's settings", () => {
  const base = { DATABASE_URL: 'postgres://db/odds', AMQP_URL: 'amqp://rabbit' };

  it('needs Postgres and a broker', () => {
    expect(() => readWorkerConfig(readEnvironment('worker', { AMQP_URL: 'amqp://rabbit' }))).toThrow(/needs DATABASE_URL=postgres/);
    expect(() => readWorkerConfig(readEnvironment('worker', { DATABASE_URL: 'postgres://db/odds' }))).toThrow(/needs AMQP_URL/);
  });

  it("has today's defaults, and takes its own variables", () => {
    expect(readWorkerConfig(readEnvironment('worker', base))).toMatchObject({
      broker: { url: 'amqp://rabbit', prefix: 'odds', shards: 8 },
      workers: 1,
      index: 0,
      prefetch: 500,
      batchMax: 200,
      batchMs: 20,
      standbyDelayMs: 3_000,
      sendGraceMs: 10_000,
      port: 9100,
      host: '127.0.0.1',
      sending: { pollMs: 1_000 },
      metricsToken: null,
    });
    expect(
      readWorkerConfig(readEnvironment('worker', { ...base, ENGINE_WORKERS: '2', ENGINE_WORKER_INDEX: '1', ENGINE_PORT: '0', ENGINE_BATCH_MS: '0' })),
    ).toMatchObject({ workers: 2, index: 1, port: 0, batchMs: 0 });
  });
});

it('the operator command gets its database, link address and change stream', () => {
  expect(
    readOperatorConfig(readEnvironment('operator', { PUBLIC_URL: 'https://odds.example', DATABASE_URL: 'postgres://db/odds', SMTP_URL: 'smtp://x:25' })),
  ).toEqual({ production: false, databaseUrl: 'postgres://db/odds', publicUrl: 'https://odds.example', changes: { redisUrl: null, redisPrefix: 'odds:' } });
});

describe('the messaging channels’ settings', () => {
  it("default to the vendors' real hosts, a fake when named, in the API and the workers (the registry's base URL settings)", () => {
    expect(readConfig(readEnvironment('api', {})).sending.options.channels?.urls).toMatchObject({
      telegram: 'https://api.telegram.org',
      whatsapp: 'https://graph.facebook.com',
      x: 'https://api.x.com',
    });
    const env = {
      DATABASE_URL: 'postgres://db/odds',
      AMQP_URL: 'amqp://rabbit',
      TELEGRAM_API_URL: 'http://127.0.0.1:9301',
      WHATSAPP_API_URL: 'http://127.0.0.1:9302',
      X_API_URL: 'http://127.0.0.1:9303',
    };
    expect(readWorkerConfig(readEnvironment('worker', env)).sending.options.channels?.urls).toMatchObject({
      telegram: 'http://127.0.0.1:9301',
      whatsapp: 'http://127.0.0.1:9302',
      x: 'http://127.0.0.1:9303',
    });
  });

  it('take the WhatsApp webhook keys together or not at all', () => {
    expect(readConfig(readEnvironment('api', {})).whatsappWebhook).toBeNull();
    expect(readConfig(readEnvironment('api', { WHATSAPP_APP_SECRET: 'app', WHATSAPP_VERIFY_TOKEN: 'verify' })).whatsappWebhook).toEqual({
      appSecret: 'app',
      verifyToken: 'verify',
    });
    expect(() => readConfig(readEnvironment('api', { WHATSAPP_APP_SECRET: 'app' }))).toThrow(/WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN go together/);
  });
});
