/**
 * `npm run bench`: runs every tests/bench/*.bench.ts in turn, each in its own process (so one
 * bench's PGlite and caches do not weigh on the next), and prints what each prints (its table).
 * Benches measure and print; they assert nothing about time. `npm run bench -- engine` runs only
 * the benches whose file name contains 'engine'.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const filter = process.argv[2] ?? '';
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();
if (!benches.length) {
  console.error(`No bench in tests/bench/ matches '${filter}'.`);
  process.exit(1);
}
let failed = 0;
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${bench}`], { cwd: root, stdio: 'inherit' });
  console.log(`(${bench}: ${((performance.now() - started) / 1000).toFixed(1)} s${result.status === 0 ? '' : `, exit code ${result.status}`})`);
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
