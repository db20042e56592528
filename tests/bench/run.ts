/**
 * `npm run bench`: runs every tests/bench/*.bench.ts in turn, each in its own process (so one
 * bench's PGlite and caches do not weigh on the next), and prints what each prints (its table).
 * Benches measure and print; they assert nothing about time. `npm run bench -- engine` runs only
 * the benches whose file name contains 'engine'. SIGINT or SIGTERM (Ctrl+C) is handed to the bench
 * running, which stops what it started (bench-cleanup.ts); this waits for it, runs no further bench,
 * and exits as it did.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
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
/** The signal that interrupted the run, once one has. */
let interrupted: NodeJS.Signals | null = null;

/** Runs one bench in its own process, handing it SIGINT / SIGTERM; answers its exit code (128 + n for a signal). */
function runBench(bench: string): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${dir}${bench}`], { cwd: root, stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => {
    interrupted = signal;
    child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? 128 + (signal ? constants.signals[signal] : 0));
    }),
  );
}

let failed = 0;
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  const started = performance.now();
  const status = await runBench(bench);
  console.log(`(${bench}: ${((performance.now() - started) / 1000).toFixed(1)} s${status === 0 ? '' : `, exit code ${status}`})`);
  if (status !== 0) failed += 1;
  if (interrupted) {
    console.log(`(${interrupted}: no further bench run)`);
    process.exit(interrupted === 'SIGINT' ? 130 : 143);
  }
}
process.exit(failed ? 1 : 0);
