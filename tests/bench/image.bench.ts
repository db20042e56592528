/**
 * `npm run bench -- image`: what deploying from the image costs. The production install
 * (`npm ci --omit=dev` of the whole repository, and of the server workspaces only, as the image
 * has it: time and size), the image (build time and size, and what it adds to its base), and each
 * process's cold start from the image: `podman run` until its /readyz answers 200, three times
 * each, on the Postgres, Redis and RabbitMQ of a compose project (the migrate job's time too).
 * Builds on the local base (localhost/odds-node:24, infra/containers/local/build.sh) when it is
 * there, else on BASE_IMAGE. Prints figures and the machine's load; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ComposeProject, containersProblem, run, writeContainersConf } from '../containers/podman';
import { freePort } from '../support/processes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'odds-image-bench-'));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (dir: string) => Number(execFileSync('du', ['-sm', dir], { encoding: 'utf8' }).split('\t')[0]);
const rows: [string, string][] = [];
const row = (what: string, figure: string) => {
  rows.push([what, figure]);
  console.log(`${what.padEnd(58)} ${figure}`);
};

/** `npm ci --omit=dev` in a copy of the manifests (no sources needed), with extra arguments. */
async function productionInstall(label: string, extra: string[]): Promise<void> {
  const dir = join(work, label);
  mkdirSync(dir);
  cpSync(join(root, 'package.json'), join(dir, 'package.json'));
  cpSync(join(root, 'package-lock.json'), join(dir, 'package-lock.json'));
  for (const workspace of JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces as string[]) {
    mkdirSync(join(dir, workspace), { recursive: true });
    cpSync(join(root, workspace, 'package.json'), join(dir, workspace, 'package.json'));
  }
  const started = performance.now();
  await run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', ...extra], { cwd: dir, timeoutMs: 600_000 });
  row(`npm ci --omit=dev, ${label}`, `${megabytes(join(dir, 'node_modules'))} MB in ${seconds(performance.now() - started)} (load ${load()})`);
  rmSync(dir, { recursive: true, force: true });
}

await productionInstall('whole repository', []);
await productionInstall(
  'server workspaces (the image)',
  ['@odds/protocol', '@odds/ops', '@odds/upstream', '@odds/relay'].map((w) => `--workspace=${w}`),
);

const problem = containersProblem();
if (problem) {
  console.log(`image: the image figures are skipped: ${problem}`);
  process.exit(0);
}
const env: NodeJS.ProcessEnv = { ...process.env, CONTAINERS_CONF: writeContainersConf(work) };
const podman = (args: string[]) => run('podman', args, { env, timeoutMs: 600_000 });
const localBase = (await run('podman', ['image', 'exists', 'localhost/odds-node:24'], { env, allowFailure: true })).code === 0;
const base = localBase ? 'localhost/odds-node:24' : (process.env.BASE_IMAGE ?? 'docker.io/library/node:24-bookworm-slim');
const image = `localhost/odds-console:bench-${process.pid}`;
const sizeOf = async (name: string) => Number((await podman(['image', 'inspect', '--format', '{{.Size}}', name])).output.trim()) / 1e6;
let project: ComposeProject | undefined;
try {
  let started = performance.now();
  await run('bash', ['infra/containers/build-image.sh'], { cwd: root, env: { ...env, BASE_IMAGE: base, IMAGE: image }, timeoutMs: 900_000 });
  row('image build (npm run build, npm ci --omit=dev, podman build)', `${seconds(performance.now() - started)} (load ${load()})`);
  const [imageMb, baseMb] = [await sizeOf(image), await sizeOf(base)];
  row(`image size on ${base}`, `${imageMb.toFixed(0)} MB (the base ${baseMb.toFixed(0)} MB, the console's layers ${(imageMb - baseMb).toFixed(0)} MB)`);

  const secrets = {
    POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
    RABBITMQ_PASSWORD: randomBytes(12).toString('hex'),
    METRICS_TOKEN: randomBytes(12).toString('hex'),
  };
  const composeEnv: NodeJS.ProcessEnv = {
    ...env,
    ...secrets,
    ODDS_IMAGE: image,
    HTTP_BIND: '127.0.0.1',
    HTTP_PORT: String(await freePort()),
    ...(localBase && {
      POSTGRES_IMAGE: 'localhost/odds-postgres:15',
      REDIS_IMAGE: 'localhost/odds-redis:7',
      RABBITMQ_IMAGE: 'localhost/odds-rabbitmq:3',
      NGINX_IMAGE: 'localhost/odds-nginx:1',
    }),
  };
  project = new ComposeProject(`oddsbench${process.pid}`, ['compose.yaml'], composeEnv, join(root, 'infra'));
  await project.up(['postgres', 'redis', 'rabbitmq']);
  for (const service of ['postgres', 'redis', 'rabbitmq']) await project.healthy(service);
  started = performance.now();
  const migrate = await project.runOnce('migrate', []);
  if (migrate.code !== 0) throw new Error(`migrate failed:\n${migrate.output}`);
  row('migrate job on an empty Postgres (podman-compose run)', seconds(performance.now() - started));

  const network = `${project.name}_default`;
  const common = {
    NODE_ENV: 'production',
    DATABASE_URL: `postgres://odds:${secrets.POSTGRES_PASSWORD}@postgres:5432/odds`,
    REDIS_URL: 'redis://redis:6379',
    AMQP_URL: `amqp://odds:${secrets.RABBITMQ_PASSWORD}@rabbitmq:5672`,
    METRICS_TOKEN: secrets.METRICS_TOKEN,
    LOG_LEVEL: 'warn',
  };
  // Each process as compose runs it, with its port published to loopback for the timing.
  const processes: { command: string; port: number; env: Record<string, string>; alias?: string }[] = [
    { command: 'api', port: 8081, env: { UPSTREAM_HOST: '0.0.0.0', UPSTREAM_PORT: '8081' }, alias: 'api' },
    { command: 'worker', port: 9100, env: { ENGINE_HOST: '0.0.0.0', ENGINE_PORT: '9100' } },
    { command: 'relay', port: 8080, env: { PORT: '8080', UPSTREAM_URL: 'http://api:8081' } },
  ];
  let api: string | undefined;
  const status = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(2_000) }).catch(() => null))?.status ?? 0;
  for (const proc of processes) {
    const live: number[] = [];
    const ready: number[] = [];
    let lastReady = 0;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const hostPort = await freePort();
      const name = `${project.name}_${proc.command}_bench${attempt}`;
      const envArgs = Object.entries({ ...common, ...proc.env }).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
      const begun = performance.now();
      await podman([
        'run',
        '-d',
        '--name',
        name,
        '--network',
        network,
        ...(proc.alias ? ['--network-alias', proc.alias] : []),
        '-p',
        `127.0.0.1:${hostPort}:${proc.port}`,
        ...envArgs,
        image,
        proc.command,
      ]);
      // Liveness (/healthz: listening) and readiness (/readyz: its dependencies answer), each timed.
      let alive = 0;
      while (performance.now() - begun < 120_000) {
        if (!alive && (await status(`http://127.0.0.1:${hostPort}/healthz`)) === 200) alive = performance.now() - begun;
        lastReady = await status(`http://127.0.0.1:${hostPort}/readyz`);
        if (lastReady === 200) break;
        if (alive && performance.now() - begun > alive + 30_000) break; // listening, never ready
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (!alive) throw new Error(`${proc.command} never answered /healthz:\n${(await podman(['logs', name])).output.slice(-3000)}`);
      live.push(alive);
      if (lastReady === 200) ready.push(performance.now() - begun);
      // The relays need one API: the last one started stays up for them.
      if (proc.command === 'api' && attempt === 2) api = name;
      else await podman(['rm', '-f', '-t', '0', name]);
    }
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    row(
      `cold start to /healthz 200: ${proc.command} (podman run, 3 runs)`,
      `median ${seconds(median(live))}, ${live.map(seconds).join(' / ')} (load ${load()})`,
    );
    row(
      `cold start to /readyz 200: ${proc.command}`,
      ready.length ? `median ${seconds(median(ready))}, ${ready.map(seconds).join(' / ')}` : `never 200 within 30 s of /healthz (last answer ${lastReady})`,
    );
  }
  if (api) await podman(['rm', '-f', '-t', '0', api]);
} finally {
  await project?.down();
  await run('podman', ['rmi', '-f', image], { env, allowFailure: true });
  rmSync(work, { recursive: true, force: true });
}
console.log(`\nimage: ${rows.length} figures; machine load ${load()} on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores`);
