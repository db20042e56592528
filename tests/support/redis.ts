export type RedisForTests = { url: string; release(): Promise<void> } | { skip: string };

/**
 * A Redis server for a suite: TEST_REDIS_URL (a throwaway server .ci/run starts on a free loopback
 * port) when set; else a testcontainers `redis:7` where a Docker engine answers; else says why the
 * suite must be skipped. Suites isolate themselves with their own key prefix.
 */
export async function acquireRedis(): Promise<RedisForTests> {
  const url = process.env.TEST_REDIS_URL;
  if (url) return { url, release: async () => {} };
  try {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer('redis:7').withExposedPorts(6379).start();
    return {
      url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`,
      release: async () => {
        await container.stop();
      },
    };
  } catch (error) {
    return { skip: `no Redis: TEST_REDIS_URL is not set and testcontainers found no container runtime (${(error as Error).message.split('\n')[0]})` };
  }
}

/** A key prefix no other run uses. */
export const testPrefix = (name: string) => `test:${name}:${Math.random().toString(36).slice(2, 8)}:`;
