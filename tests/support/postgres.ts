import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type PostgresForTests = { url: string; release(): Promise<void> } | { skip: string };

/**
 * A fresh, empty Postgres database for a suite. Uses TEST_DATABASE_URL (a server .ci/run starts on
 * a free loopback port) when set; else a testcontainers Postgres where a Docker engine answers;
 * else says why the suite must be skipped. Each call creates its own database and drops it after.
 */
export async function acquirePostgres(): Promise<PostgresForTests> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return freshDatabase(serverUrl);
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:15-alpine').start();
    const url = container.getConnectionUri();
    return {
      url,
      release: async () => {
        await container.stop();
      },
    };
  } catch (error) {
    return { skip: `no Postgres: TEST_DATABASE_URL is not set and testcontainers found no container runtime (${(error as Error).message.split('\n')[0]})` };
  }
}

async function freshDatabase(serverUrl: string): Promise<PostgresForTests> {
  const name = `odds_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async release() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
