import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The only source files that may read `process.env`, each with why. Every console process reads its
 * environment once, through startProcess (infra/ops/src/environment.ts), and hands the values down.
 */
const ALLOWED: Record<string, string> = {
  'infra/ops/src/environment.ts': "the one reader: startProcess/readEnvironment check and freeze a process's variables",
  'infra/start.ts': '`npm start`: hands its whole environment on to the processes it starts (its own settings come from startProcess)',
  'infra/cluster.ts': '`npm run cluster`: hands its whole environment on to the processes it starts (its own settings come from startProcess)',
  'infra/containers/healthcheck.mjs': "the image's HEALTHCHECK, plain node without the bundles: the port of the process it probes",
  'infra/upstream/src/testing.ts': 'test support: the seeded snapshot the test run made (ODDS_TEST_PGLITE_SNAPSHOT)',
};

/** Source files (not tests) of the parts that run: protocol, infra (upstream, ops, launchers), relay, client. */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return ['node_modules', 'dist', 'test', 'testing'].includes(entry.name) ? [] : sources(path);
    return /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const READ = /\bprocess\s*(\.\s*env\b|\[\s*['"`]env['"`]\s*\])/;

describe('reads of the environment', () => {
  const files = ['protocol', 'infra', 'relay', 'client/src'].flatMap(sources);

  it('scans the source tree', () => {
    expect(files).toEqual(expect.arrayContaining(['relay/src/config.ts', 'infra/upstream/src/main.ts', 'infra/ops/src/environment.ts']));
  });

  it('happen only in the configuration module and the allowed files', () => {
    const reading = files.filter((file) => READ.test(readFileSync(join(root, file), 'utf8')));
    expect(reading.filter((file) => !(file in ALLOWED))).toEqual([]);
    // An entry whose file no longer reads the environment goes too, so the list stays as short as it can be.
    expect(Object.keys(ALLOWED).filter((file) => !reading.includes(file))).toEqual([]);
  });
});
