/**
 * `npm run build` (after the client's Vite build): bundles each server entry into one plain
 * JavaScript file under dist/ with esbuild, so a deployment runs `node dist/<name>.js` with the
 * production install (`npm ci --omit=dev`) and nothing else: no tsx, no TypeScript at run time.
 *
 * Our own workspaces (@odds/protocol, @odds/ops: TypeScript sources) are bundled in; every other
 * package stays an import resolved from node_modules at run time ("dependencies external"), so
 * the bundle is small, native and WASM packages (PGlite) load as their authors ship them, and
 * `npm audit` still sees what runs. Files the code reads beside itself (migrations, the pino
 * pretty transport, the API docs page, demo seed data) are copied next to the bundles.
 */
import { cpSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;

/** The entry points: these names are the interface of operators, the image and the compose file. */
export const ENTRIES = {
  relay: 'relay/src/main.ts',
  api: 'infra/upstream/src/main.ts',
  worker: 'infra/upstream/src/broker/worker-main.ts',
  migrate: 'infra/upstream/src/migrate-main.ts',
  operator: 'infra/upstream/src/operator/main.ts',
} as const;

/** Bare imports are external except our workspaces, which are TypeScript and must be bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@odds/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = performance.now();
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, `${root}${file}`])),
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // No shared chunks: code finds its files relative to its own module (import.meta.url), which
  // must be the entry file in dist/, beside the copied migrations and assets.
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
  // Some packages bundled with us are CommonJS and call require(): give the ESM bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});

cpSync(`${root}infra/upstream/src/db/migrations`, `${dist}/migrations`, { recursive: true });
cpSync(`${root}infra/upstream/seed-data`, `${dist}/seed-data`, { recursive: true, filter: (path) => !path.endsWith('.md') });
cpSync(`${root}infra/ops/src/pretty-transport.mjs`, `${dist}/pretty-transport.mjs`);
cpSync(`${root}relay/src/api-docs`, `${dist}/api-docs`, { recursive: true });
// Node reads dist/*.js as ES modules because of this, whatever package.json a deployment puts beside it.
writeFileSync(`${dist}/package.json`, `${JSON.stringify({ type: 'module', private: true }, null, 2)}\n`);

const sizes = Object.keys(ENTRIES).map((name) => `${name}.js ${(statSync(`${dist}/${name}.js`).size / 1024).toFixed(0)} KiB`);
console.log(`built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s: ${sizes.join(', ')}`);
