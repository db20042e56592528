/**
 * `npm start`: the whole console on one machine. Builds the client if it is not built, starts the
 * upstream on embedded PGlite (./data/pglite; DATABASE_URL for Postgres) unless UPSTREAM_URL points
 * at one running elsewhere, starts the relay on PORT (8080), and prints the address and demo login.
 * Each process is supervised: one that crashes is started again with backoff (logged, see
 * supervisor.ts) while the others keep serving; the relay answers 503 while the upstream is away.
 */
import { startProcess } from '@odds/ops';
import { Launcher } from './launcher';

const env = startProcess('start');
const port = env.PORT;
const upstreamPort = env.UPSTREAM_PORT;
const externalUpstream = env.UPSTREAM_URL;
const upstreamUrl = externalUpstream || `http://127.0.0.1:${upstreamPort}`;
// Each child reads and checks the environment itself: all of it is handed on.
const launcher = new Launcher(process.env);

const started = performance.now();
launcher.buildClientIfMissing();
if (!externalUpstream) {
  launcher.run('upstream', ['infra/upstream/src/main.ts'], { env: { UPSTREAM_PORT: String(upstreamPort) } });
  await launcher.waitFor(`${upstreamUrl}/healthz`, 'The upstream');
}
launcher.run('relay', ['relay/src/main.ts'], { env: { PORT: String(port), UPSTREAM_URL: upstreamUrl } });
await launcher.waitFor(`http://127.0.0.1:${port}/healthz`, 'The relay');

// A match live from the first start: the first World Cup Classics fixture (Netherlands - USA)
// replays its recorded feed in a loop into the embedded upstream, each pass cleared and dated from
// its start (docs/feeds.md). DEMO_FEED=off skips it; DEMO_FEED_SPEED=10 runs it faster.
const demoFeed = !externalUpstream && env.DEMO_FEED;
if (demoFeed) {
  // Supervised like the others: a replay that could not log in (upstream away) starts again.
  launcher.run('demo feed', [
    'infra/upstream/src/feeds/replay-cli.ts',
    'infra/feeds/netherlands-usa-2022-round-of-16.jsonl',
    '--loop',
    '--quiet',
    '--speed',
    String(env.DEMO_FEED_SPEED),
    '--league',
    'World Cup Classics',
    '--upstream',
    upstreamUrl,
  ]);
}

/** Where the upstream keeps its data, as its config reads it (DATABASE_URL, else PGLITE_DIR). */
function databaseLabel(): string {
  const url = env.DATABASE_URL ?? env.PGLITE_DIR;
  return /^postgres(ql)?:\/\//.test(url) ? `Postgres (${url.replace(/\/\/[^@/]*@/, '//')})` : `embedded PGlite in ${url}`;
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`
  Odds console is up (${seconds} s): http://localhost:${port}
  Log in as ${env.DEMO_EMAIL ?? 'demo@example.com'} / ${env.DEMO_PASSWORD ?? 'demo'} (a second operator: ${env.OPS_EMAIL} / ${env.OPS_PASSWORD ?? 'demo'})
  Upstream: ${upstreamUrl}${externalUpstream ? ' (external)' : ` on ${databaseLabel()}`}${demoFeed ? '\n  Live now: World Cup Classics, Netherlands - USA (a recorded feed on a loop)' : ''}
  Stop with Ctrl+C.
`);
