import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Longest first, so that the workers finish together: the e2e files (a browser and a console
 * stack each, 10–100 s) start first, then the integration files (servers, seconds to tens of
 * seconds) with the container smoke test (minutes, mostly waiting on podman) after half of them,
 * then the unit and client files (mostly under 5 s) filling the gaps at the end.
 * Within a project, the duration of the last run when vitest's cache has it (failed files first),
 * else the larger file first. Without this order vitest runs projects by name: client, e2e,
 * integration, unit, and a long e2e file could start last and run alone.
 */
const PROJECT_ORDER = ['e2e', 'integration', 'containers', 'unit', 'client'];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const rank = (spec: TestSpecification) => {
      const order = PROJECT_ORDER.indexOf(spec.project.name);
      return order === -1 ? PROJECT_ORDER.length : order;
    };
    const key = (spec: TestSpecification) => `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
    const size = (spec: TestSpecification) => {
      try {
        return statSync(spec.moduleId).size;
      } catch {
        return 0;
      }
    };
    const sorted = [...files].sort((a, b) => {
      if (rank(a) !== rank(b)) return rank(a) - rank(b);
      const [lastA, lastB] = [cache.getFileTestResults(key(a)), cache.getFileTestResults(key(b))];
      if (lastA && lastB) {
        if (lastA.failed !== lastB.failed) return lastA.failed ? -1 : 1;
        return lastB.duration - lastA.duration;
      }
      return size(b) - size(a);
    });
    // The container test (5–6 min) starts once half the integration files have: after every one,
    // it ran alone for its last 100 s, the unit and client files done on the other workers
    // (`.ci/run` 27.4 min before, 23.5 after).
    const containers = sorted.filter((spec) => spec.project.name === 'containers');
    const rest = sorted.filter((spec) => spec.project.name !== 'containers');
    const integration = rest.filter((spec) => spec.project.name === 'integration');
    const half = integration[Math.ceil(integration.length / 2) - 1];
    const later = rest.findIndex((spec) => rank(spec) > PROJECT_ORDER.indexOf('containers'));
    rest.splice(half ? rest.indexOf(half) + 1 : later === -1 ? rest.length : later, 0, ...containers);
    return rest;
  }
}

/**
 * `--maxWorkers N` of the command line (`--maxWorkers=1` to time files one by one): vitest 4.1 sets
 * it on the root only, and every project below keeps this file's value, so it is read here.
 */
function maxWorkersOfCommandLine(): number | undefined {
  const at = process.argv.findIndex((arg) => /^--max-?workers(=|$)/i.test(arg));
  if (at === -1) return undefined;
  const value = Number(process.argv[at]!.includes('=') ? process.argv[at]!.split('=')[1] : process.argv[at + 1]);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * One run of every suite: unit tests beside the code (protocol, upstream, relay, client) and the
 * cross-part suites under tests/ (integration over real servers, e2e in headless Chromium).
 */
export default defineConfig({
  root,
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    globalSetup: ['./tests/support/global-setup.ts'],
    // Three forks on these 2-core machines: with one per core the suite's own processes used 36
    // CPU-min in 30 min (an e2e file waits on its browser and its polls, an integration file on
    // its servers, the container test on podman); `.ci/run` took 30.3 min with two, 27.4 with three.
    // PGlite takes ~700 MB per instance; the machines have 24 GB.
    pool: 'forks',
    maxWorkers: maxWorkersOfCommandLine() ?? 3,
    // Every project shares the two workers, longest files first (e2e, integration, unit, client).
    // An e2e file waits on its browser most of the time (about 0.7 of a core), and each starts its
    // own stack on ephemeral ports with its own in-memory database, so two run side by side, or
    // one beside an integration file, instead of all e2e files one by one after everything else.
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // One process per worker for all its files, modules loaded once: the upstream's files spent
          // most of their time importing it (import 112 s of 178 for the 46 route files, 95 s in all
          // without). A unit file leaves no state behind it that another would read (a module-level
          // cache is keyed by everything that tells its entries apart: apns.ts's provider tokens).
          isolate: false,
          // tests/docs: checks of the whole tree (docs against the schemas, links, reads of the environment).
          include: ['protocol/**/*.test.ts', 'infra/**/*.test.ts', 'relay/**/*.test.ts', 'tests/docs/**/*.test.ts', 'tests/types/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'client', environment: 'happy-dom', include: ['client/src/**/*.test.{ts,tsx}'], setupFiles: ['client/src/testing/setup.ts'] },
      },
      {
        extends: true,
        // Each file in its own process, as e2e and client: without, the integration files took 418 s
        // here against 468, the e2e files the same (their time is the browser's), and the client's
        // stubs and mocks (vi.mock, stubbed fetch) leak from one file to the next.
        test: { name: 'integration', environment: 'node', include: ['tests/integration/**/*.test.ts'] },
      },
      {
        extends: true,
        // The compose deployment from the image (podman); skipped with the reason where it cannot run.
        // It starts after the e2e files and half the integration files, by then past the e2e files:
        // beside an e2e file's browser and stack, the containers' network stalled for 10 s at times
        // here (name lookups of `api` and `postgres` timing out at once), failing calls through the
        // load balancer that pass on a quiet machine.
        test: { name: 'containers', environment: 'node', include: ['tests/containers/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // What a page shows can take more than expect.poll's default 1 s on a busy machine (two
          // e2e files side by side, or a loaded one): a poll ends as soon as it holds, so only a
          // failure waits the 10 s, as long as the pages' own default timeout.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
