import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkEnvironment, environmentProblems, readEnvironment, secretsFromFiles } from './environment';

describe('environment check', () => {
  it("names a malformed value of the process's own variable", () => {
    expect(environmentProblems('relay', { POLL_INTERVAL_MS: '10', PORT: 'eighty' })).toEqual([
      "POLL_INTERVAL_MS must be a whole number of at least 50, got '10'",
      "PORT must be a port number, got 'eighty'",
    ]);
    expect(environmentProblems('api', { DATABASE_URL: 'mysql://db/odds' })).toEqual([
      'DATABASE_URL must be a postgres:// or postgresql:// URL, got another value (a secret: not shown)',
    ]);
  });

  it('names an unknown variable that looks like ours, with the nearest known name', () => {
    expect(environmentProblems('api', { METRIC_TOKEN: 's3cret' })).toEqual([
      'METRIC_TOKEN is not a setting of the console (did you mean METRICS_TOKEN?); see docs/configuration.md',
    ]);
    expect(environmentProblems('worker', { ENGINE_THREADS: '4' })[0]).toMatch(/^ENGINE_THREADS is not a setting of the console/);
    expect(() => checkEnvironment('api', { SEED_DEMOS: 'off' })).toThrow(/SEED_DEMOS .*did you mean SEED_DEMO\?/);
  });

  it("leaves alone what is not ours, empty values, and other processes' variables", () => {
    expect(
      environmentProblems('relay', {
        PATH: '/usr/bin',
        HOME: '/root',
        HOSTNAME: 'box',
        TEST_DATABASE_URL: 'postgres://x',
        npm_config_cache: '/tmp',
        UPSTREAM_URL: '',
        ENGINE_SHARDS: 'eight',
        NODE_ENV: 'test',
      }),
    ).toEqual([]);
  });
});

describe("reading a process's environment once", () => {
  it("keeps only the process's own variables, typed, the defaults where unset (an empty value is unset), frozen", () => {
    const env = readEnvironment('relay', {
      PORT: '9000',
      POLL_INTERVAL_MS: '',
      ENGINE_SHARDS: '4',
      PATH: '/usr/bin',
      API_DOCS: 'public',
      CHANGE_STREAM: 'off',
    });
    expect(env).toMatchObject({ PORT: 9000, API_DOCS: 'public', POLL_INTERVAL_MS: 1000, CHANGE_STREAM: false });
    expect(Object.keys(env).filter((name) => ['ENGINE_SHARDS', 'PATH', 'UPSTREAM_URL'].includes(name))).toEqual([]);
    expect(Object.isFrozen(env)).toBe(true);
    const worker = readEnvironment('worker', { PORT: '9000', ENGINE_SHARDS: '4', DELIVERY_RETRY_SCHEDULE: '1s,1m' });
    expect(worker).toMatchObject({ ENGINE_SHARDS: 4, DELIVERY_RETRY_SCHEDULE: [1000, 60_000] });
    expect(worker).not.toHaveProperty('PORT');
    expect(Object.isFrozen(worker.DELIVERY_RETRY_SCHEDULE)).toBe(true);
  });

  it('refuses what the check refuses, naming the variable', () => {
    expect(() => readEnvironment('relay', { POLL_INTERVAL_MS: '10' })).toThrow("POLL_INTERVAL_MS must be a whole number of at least 50, got '10'");
  });
});

describe('the launchers and the feed tools', () => {
  it('read their own settings through the same table, and hand nothing else down', () => {
    const shell = {
      UPSTREAM_URL: 'http://api:8081',
      DEMO_EMAIL: 'ana@example.com',
      UOF_AMQP_URL: 'amqp://broker',
      UOF_QUEUE: 'q',
      PORT: '9000',
      DATABASE_URL: 'postgres://db/odds',
    };
    expect(readEnvironment('feed-tools', shell)).toEqual({
      UPSTREAM_URL: 'http://api:8081',
      DEMO_EMAIL: 'ana@example.com',
      UOF_AMQP_URL: 'amqp://broker',
      UPSTREAM_PORT: 8081,
      UOF_EXCHANGE: 'unifiedfeed',
    });
    expect(readEnvironment('cluster', { ...shell, ENGINE_PORT: '9200', ENGINE_HOST: '0.0.0.0' })).toEqual({
      PORT: 9000,
      DATABASE_URL: 'postgres://db/odds',
      ENGINE_PORT: 9200,
      UPSTREAM_PORT: 8081,
    });
  });

  it('refuse a malformed value of their own settings', () => {
    expect(environmentProblems('feed-tools', { UPSTREAM_URL: 'api:8081', UOF_AMQP_URL: 'http://broker' })).toEqual([
      "UPSTREAM_URL must be a http:// or https:// URL, got 'api:8081'",
      'UOF_AMQP_URL must be a amqp:// or amqps:// URL, got another value (a secret: not shown)',
    ]);
    expect(environmentProblems('cluster', { ENGINE_PORT: 'ninety' })).toEqual(["ENGINE_PORT must be a port number, got 'ninety'"]);
  });
});

describe('secrets from files (NAME_FILE)', () => {
  const files: Record<string, string> = {
    '/run/secrets/db': 'postgres://odds:s3cret@db/odds\n',
    '/run/secrets/metrics': 'tok-123',
    '/run/secrets/empty': '\n',
  };
  const read = (path: string) => {
    if (path in files) return files[path]!;
    throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
  };

  it("reads a secret's value from the file its NAME_FILE names, less the trailing line break", () => {
    const env = secretsFromFiles('api', { DATABASE_URL_FILE: '/run/secrets/db', METRICS_TOKEN_FILE: '/run/secrets/metrics', PORT: '1' }, read);
    expect(env).toEqual({ DATABASE_URL: 'postgres://odds:s3cret@db/odds', METRICS_TOKEN: 'tok-123', PORT: '1' });
  });

  it('takes NAME_FILE only for secrets: another _FILE variable that looks like ours is a mistake', () => {
    expect(environmentProblems('api', { DATABASE_URL_FILE: '/run/secrets/db' })).toEqual([]);
    expect(environmentProblems('relay', { POLL_INTERVAL_MS_FILE: '/x' })[0]).toMatch(/^POLL_INTERVAL_MS_FILE is not a setting of the console/);
  });

  it('refuses both ways at once, a missing file and an empty one, naming the variable and never the value', () => {
    expect(() => secretsFromFiles('api', { METRICS_TOKEN: 'inline', METRICS_TOKEN_FILE: '/run/secrets/metrics' }, read)).toThrow(
      'METRICS_TOKEN and METRICS_TOKEN_FILE are both set: give the secret one way',
    );
    expect(() => secretsFromFiles('api', { UOF_TOKEN_FILE: '/run/secrets/nothing' }, read)).toThrow(
      'UOF_TOKEN_FILE names a file that cannot be read (ENOENT: /run/secrets/nothing)',
    );
    expect(() => secretsFromFiles('api', { SMTP_URL_FILE: '/run/secrets/empty' }, read)).toThrow('SMTP_URL_FILE names an empty file (/run/secrets/empty)');
  });

  it("leaves another process's secret files alone, and checks what a file holds like any value", () => {
    expect(secretsFromFiles('relay', { DATABASE_URL_FILE: '/run/secrets/nothing' }, read)).toEqual({});
    files['/run/secrets/bad'] = 'mysql://db/odds';
    expect(() => checkEnvironment('api', secretsFromFiles('api', { DATABASE_URL_FILE: '/run/secrets/bad' }, read))).toThrow(
      'DATABASE_URL must be a postgres:// or postgresql:// URL, got another value (a secret: not shown)',
    );
  });

  it('is how a process reads its environment: readEnvironment reads the files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'odds-secrets-'));
    writeFileSync(join(dir, 'metrics'), 'from-a-file\n');
    expect(readEnvironment('relay', { METRICS_TOKEN_FILE: join(dir, 'metrics') })).toMatchObject({ METRICS_TOKEN: 'from-a-file' });
  });
});
