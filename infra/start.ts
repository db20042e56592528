/**
 * `npm start`: the whole console on one machine. Builds the client if it is not built, starts the
 * upstream on embedded PGlite (./data/pglite; DATABASE_URL for Postgres) unless UPSTREAM_URL points
 * at one running elsewhere, starts the relay on PORT (8080), and prints the address and demo login.
 * Each process is supervised: one that crashes is started again with backoff (logged, see
 * supervisor.ts) while the others keep serving; the relay answers 503 while the upstream is away.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startProcess } from '@odds/ops';
import { Supervised } from './supervisor';

const env = startProcess('start');
const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(env.PORT ?? 8080);
const upstreamPort = Number(env.UPSTREAM_PORT ?? 8081);
const externalUpstream = env.UPSTREAM_URL;
const upstreamUrl = externalUpstream || `http://127.0.0.1:${upstreamPort}`;
const children: Supervised[] = [];

function run(name: string, args: string[], extra: NodeJS.ProcessEnv = {}): Supervised {
  const supervised = new Supervised({
    name,
    command: process.execPath,
    args: ['--import', 'tsx', ...args],
    // Each child reads and checks the environment itself: all of it is handed on.
    spawnOptions: { cwd: root, env: { ...process.env, ...extra }, stdio: 'inherit' },
  });
  supervised.start();
  children.push(supervised);
  return supervised;
}

let stopping = false;
async function stop(code: number): Promise<never> {
  stopping = true;
  // The feed and the relay first (they talk to the upstream), then the upstream.
  await Promise.all(children.slice(1).map((child) => child.stop()));
  await children[0]?.stop();
  process.exit(code);
}
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

async function waitFor(url: string, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    if (stopping) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
  await stop(1);
}

const started = performance.now();
if (!existsSync(`${root}/client/dist/index.html`)) {
  console.log('Building the client (first start only)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'client'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (!externalUpstream) {
  run('upstream', ['infra/upstream/src/main.ts'], { UPSTREAM_PORT: String(upstreamPort) });
  await waitFor(`${upstreamUrl}/healthz`, 'The upstream');
}
run('relay', ['relay/src/main.ts'], { PORT: String(port), UPSTREAM_URL: upstreamUrl });
await waitFor(`http://127.0.0.1:${port}/healthz`, 'The relay');

// A match live from the first start: the first World Cup Classics fixture (Netherlands - USA)
// replays its recorded feed in a loop into the embedded upstream, each pass cleared and dated from
// its start (docs/feeds.md). DEMO_FEED=off skips it; DEMO_FEED_SPEED=10 runs it faster.
const demoFeed = !externalUpstream && env.DEMO_FEED !== 'off';
if (demoFeed) {
  // Supervised like the others: a replay that could not log in (upstream away) starts again.
  run('demo feed', [
    'infra/upstream/src/feeds/replay-cli.ts', 'infra/feeds/netherlands-usa-2022-round-of-16.jsonl',
    '--loop', '--quiet', '--speed', env.DEMO_FEED_SPEED ?? '1', '--league', 'World Cup Classics', '--upstream', upstreamUrl,
  ]);
}

/** Where the upstream keeps its data, as its config reads it (DATABASE_URL, else PGLITE_DIR). */
function databaseLabel(): string {
  const url = env.DATABASE_URL || env.PGLITE_DIR || './data/pglite';
  return /^postgres(ql)?:\/\//.test(url) ? `Postgres (${url.replace(/\/\/[^@/]*@/, '//')})` : `embedded PGlite in ${url}`;
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`
  Odds console is up (${seconds} s): http://localhost:${port}
  Log in as ${env.DEMO_EMAIL || 'demo@example.com'} / ${env.DEMO_PASSWORD || 'demo'} (a second operator: ${env.OPS_EMAIL || 'ops@example.com'} / ${env.OPS_PASSWORD || 'demo'})
  Upstream: ${upstreamUrl}${externalUpstream ? ' (external)' : ` on ${databaseLabel()}`}${demoFeed ? '\n  Live now: World Cup Classics, Netherlands - USA (a recorded feed on a loop)' : ''}
  Stop with Ctrl+C.
`);
