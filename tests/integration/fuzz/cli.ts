/**
 * `npm run fuzz -- --runs N [--seed S] [--route name]`: the fuzz suite of tests/integration/fuzz.test.ts,
 * longer. N requests per route (default 200) against a real upstream on a freshly seeded in-memory
 * PGlite; prints each route's failures (with the seed that reproduces them) and the replies by status.
 */
import { parseArgs } from 'node:util';
import { startTarget } from './harness';
import { formatCounts, fuzzRoute, fuzzRoutes, routeSeed, type StatusCounts } from './run';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '200' }, seed: { type: 'string' }, route: { type: 'string', multiple: true } },
});
const runs = Number(values.runs);
const seed = values.seed !== undefined ? Number(values.seed) : Date.now() % 2 ** 31;
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- --runs N [--seed S] [--route name ...]');
  process.exit(2);
}

const all = fuzzRoutes();
const selected = all.filter(([name]) => !values.route || values.route.includes(name));
if (selected.length === 0) {
  console.error(`no such route: ${values.route?.join(', ')}`);
  process.exit(2);
}
console.log(`fuzzing ${selected.length} routes, ${runs} requests each, seed ${seed}`);
const target = await startTarget();
const counts: StatusCounts = new Map();
const failures: string[] = [];
const started = performance.now();
for (const [name, route] of selected) {
  const routeCounts: StatusCounts = new Map();
  const routeStarted = performance.now();
  try {
    await fuzzRoute(target, name, route, {
      seed: routeSeed(
        seed,
        all.findIndex(([n]) => n === name),
      ),
      runs,
      counts: routeCounts,
    });
    console.log(`ok   ${name.padEnd(24)} ${Math.round(performance.now() - routeStarted)} ms  ${formatCounts(routeCounts)}`);
  } catch (error) {
    failures.push((error as Error).message);
    console.log(`FAIL ${name.padEnd(24)} ${(error as Error).message.split('\n').slice(0, 12).join('\n     ')}`);
  }
  for (const [status, n] of routeCounts) counts.set(status, (counts.get(status) ?? 0) + n);
}
await target.close();
const total = [...counts.values()].reduce((a, b) => a + b, 0);
console.log(`\n${total} requests in ${Math.round((performance.now() - started) / 1000)} s, seed ${seed}: ${formatCounts(counts)}`);
console.log(failures.length ? `${failures.length} route(s) failed; re-run one with --seed ${seed} --route <name>` : 'no invariant broken');
process.exit(failures.length ? 1 : 0);
