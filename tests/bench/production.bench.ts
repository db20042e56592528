/**
 * The production shape without an image: the size of the production install (`npm ci --omit=dev`
 * into a temporary copy of the package files), and the cold start of each built server to its
 * `/readyz` answering 200 (`node dist/…`, NODE_ENV=production, on embedded PGlite migrated first,
 * or on TEST_DATABASE_URL's server when set). Needs `npm run build`. Prints; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distBuilt, runDist, startDist } from '../support/dist';
import { acquirePostgres } from '../support/postgres';
import { freePort } from '../support/processes';

const root = fileURLToPath(new URL('../..', import.meta.url));
if (!distBuilt()) {
  console.error('dist/ is not built: run `npm run build` first');
  process.exit(1);
}
const load = () => readFileLoad();
function readFileLoad(): string {
  const result = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' });
  return result.stdout.split(' ').slice(0, 3).join(' ');
}

// 1. The production install.
const copy = mkdtempSync(join(tmpdir(), 'odds-prod-install-'));
const packageFiles = spawnSync('git', ['ls-files', 'package.json', 'package-lock.json', '*/package.json', '*/*/package.json'], { cwd: root, encoding: 'utf8' })
  .stdout.split('\n')
  .filter(Boolean);
for (const file of packageFiles) {
  mkdirSync(join(copy, dirname(file)), { recursive: true });
  cpSync(join(root, file), join(copy, file));
}
let started = performance.now();
const install = spawnSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: copy, encoding: 'utf8' });
const installS = (performance.now() - started) / 1000;
if (install.status !== 0) {
  console.error(install.stderr);
  process.exit(1);
}
const size = spawnSync('du', ['-sm', join(copy, 'node_modules')], { encoding: 'utf8' }).stdout.split('\t')[0];
const packages = readdirSync(join(copy, 'node_modules')).flatMap((name) =>
  name.startsWith('@') ? readdirSync(join(copy, 'node_modules', name)) : [name],
).length;
rmSync(copy, { recursive: true, force: true });
console.log(`production install (npm ci --omit=dev): ${size} MB in node_modules, ${packages} top-level packages, ${installS.toFixed(1)} s (load ${load()})`);

// 2. Cold start of each server to /readyz 200.
const postgres = process.env.TEST_DATABASE_URL ? await acquirePostgres() : null;
const data = mkdtempSync(join(tmpdir(), 'odds-prod-start-'));
const database: Record<string, string> =
  postgres && !('skip' in postgres) ? { DATABASE_URL: postgres.url } : { ALLOW_EMBEDDED_DB: '1', PGLITE_DIR: join(data, 'pglite') };
const base = { NODE_ENV: 'production', ...database };
started = performance.now();
const migrated = await runDist('migrate', base);
console.log(
  `migrate step on a fresh ${database.DATABASE_URL ? 'Postgres' : 'PGlite'} database: ${((performance.now() - started) / 1000).toFixed(2)} s (exit ${migrated.code})`,
);

async function coldStart(name: 'api' | 'relay', env: Record<string, string>, port: number): Promise<{ ms: number; stop: () => Promise<void> }> {
  const begun = performance.now();
  const server = startDist(name, env);
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`${name} ended: ${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) break;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { ms: performance.now() - begun, stop: server.stop };
}

// PGlite is one process's: the API alone on it; the relay in front of it.
const apiPort = await freePort();
const api = await coldStart('api', { ...base, UPSTREAM_PORT: String(apiPort) }, apiPort);
const relayPort = await freePort();
const relay = await coldStart(
  'relay',
  { NODE_ENV: 'production', PORT: String(relayPort), HOST: '127.0.0.1', UPSTREAM_URL: `http://127.0.0.1:${apiPort}` },
  relayPort,
);
console.log(`cold start to /readyz 200 (node dist/…, no image): api ${api.ms.toFixed(0)} ms, relay ${relay.ms.toFixed(0)} ms (load ${load()})`);
await relay.stop();
await api.stop();
if (postgres && !('skip' in postgres)) await postgres.release();
rmSync(data, { recursive: true, force: true });
