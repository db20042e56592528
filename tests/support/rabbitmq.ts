import { acquirePostgres, type PostgresForTests } from './postgres';

export type RabbitForTests = { url: string; release(): Promise<void> } | { skip: string };

/**
 * A RabbitMQ broker (with the consistent-hash exchange) for a suite: TEST_AMQP_URL (a throwaway
 * node .ci/run starts on free loopback ports) when set; else a testcontainers `rabbitmq:3.10`
 * with the plugin enabled where a Docker engine answers; else says why the suite must be skipped.
 * Suites isolate themselves with their own AMQP_PREFIX.
 */
export async function acquireRabbit(): Promise<RabbitForTests> {
  const url = process.env.TEST_AMQP_URL;
  if (url) return { url, release: async () => {} };
  try {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('rabbitmq:3.10')
      .withExposedPorts(5672)
      .withCommand(['sh', '-c', 'rabbitmq-plugins enable --offline rabbitmq_consistent_hash_exchange && rabbitmq-server'])
      .withWaitStrategy(Wait.forLogMessage(/Server startup complete/))
      .start();
    return {
      url: `amqp://guest:guest@${container.getHost()}:${container.getMappedPort(5672)}`,
      release: async () => {
        await container.stop();
      },
    };
  } catch (error) {
    return { skip: `no RabbitMQ: TEST_AMQP_URL is not set and testcontainers found no container runtime (${(error as Error).message.split('\n')[0]})` };
  }
}

/**
 * A fresh Postgres database and a broker for a suite of engine workers; `skip` says (and the suite
 * prints, under `suite`) why it cannot run. Postgres is released at once when the broker is missing.
 */
export async function acquirePostgresAndRabbit(suite: string): Promise<{ postgres: PostgresForTests; rabbit: RabbitForTests; skip: string | null }> {
  const postgres = await acquirePostgres();
  const rabbit: RabbitForTests = 'skip' in postgres ? { skip: 'no Postgres' } : await acquireRabbit();
  const skip = 'skip' in postgres ? postgres.skip : 'skip' in rabbit ? rabbit.skip : null;
  if (skip) console.warn(`[${suite} skipped] ${skip}`);
  if (skip && !('skip' in postgres)) await postgres.release();
  return { postgres, rabbit, skip };
}
