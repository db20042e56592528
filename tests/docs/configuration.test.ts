import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OUR_PREFIXES } from '../../infra/ops/src/misspellings';
import { VARIABLES, type ProcessName } from '../../infra/ops/src/variables';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const table: Record<string, { processes: readonly ProcessName[]; defaultText?: string; secret?: true }> = VARIABLES;
/** How docs/configuration.md's "read by" column names each process, in this order. */
const COLUMN: Record<ProcessName, string> = {
  relay: 'relay',
  api: 'api',
  worker: 'worker',
  migrate: 'migrate',
  operator: 'operator',
  start: '`npm start`',
  cluster: '`npm run cluster`',
  'feed-tools': 'feed tools',
};

/** The rows of docs/configuration.md's table: the variables a row names, its "read by" cell and its "default" cell. */
function documentedRows(): { names: string[]; readBy: string; defaults: string }[] {
  return read('docs/configuration.md')
    .split('\n')
    .flatMap((line) => {
      const cells = /^\| ([^|]+) \| ([^|]+) \| ([^|]+) \|/.exec(line);
      if (!cells || cells[1] === 'variable' || cells[1]!.startsWith('---')) return [];
      return [{ names: [...cells[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((name) => name[1]!), readBy: cells[2]!.trim(), defaults: cells[3]!.trim() }];
    });
}

/** Source files under tests/ and the image's build scripts (what reads the test, bench and build knobs), without this folder. */
function testSources(dir = join(root, 'tests')): string[] {
  if (dir === join(root, 'tests')) return [...readSources(dir), ...readSources(join(root, 'infra/containers'))];
  return readSources(dir);
}

function readSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || relative(root, path) === 'tests/docs' ? [] : readSources(path);
    return /\.(ts|sh|yaml)$/.test(entry.name) ? [read(relative(root, path))] : [];
  });
}

describe('docs/configuration.md', () => {
  it('lists exactly the variables of the schemas', () => {
    const documented = documentedRows().flatMap((row) => row.names);
    expect([...new Set(documented)].sort()).toEqual(Object.keys(VARIABLES).sort());
  });

  it('says which processes read each variable, as the schemas do', () => {
    for (const { names, readBy } of documentedRows()) {
      const processes = new Set(names.flatMap((name) => table[name]?.processes ?? []));
      const expected = (Object.keys(COLUMN) as ProcessName[])
        .filter((name) => processes.has(name))
        .map((name) => COLUMN[name])
        .join(', ');
      expect(`${names.join(', ')}: ${readBy}`).toBe(`${names.join(', ')}: ${expected}`);
    }
  });

  it("gives each variable's default as the schemas do", () => {
    for (const { names, defaults } of documentedRows()) {
      // One value per variable in the row's order, or one for all; `*(…)*` says how a reader works one out.
      const values = [...defaults.matchAll(/\*\(.*?\)\*|`([^`]*)`/g)].map((match) => match[1] ?? match[0]);
      for (const [index, name] of names.entries()) {
        const own = table[name]?.defaultText;
        if (own === undefined) continue;
        const documented = values.length === names.length ? values[index] : values.length === 1 ? values[0] : `one of ${values.length} values`;
        expect(`${name}: ${documented}`).toBe(`${name}: ${own}`);
      }
    }
  });
});

const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('README.md and docs/', () => {
  it('README stays what a newcomer reads first: at most 200 lines, with a map naming every page of docs/', () => {
    const text = read('README.md');
    expect(text.split('\n').length).toBeLessThanOrEqual(200);
    const unmapped = pages.filter((page) => page !== 'README.md' && !text.includes(`](${page})`));
    expect(unmapped).toEqual([]);
  });

  it.each(pages)('%s names no setting the schemas do not have (test and bench knobs are read under tests/)', (page) => {
    const text = read(page);
    // A setting as README names one: in backticks, or assigned (`NAME=value`, `NAME=1 npm run …`).
    const named = new Set([
      ...[...text.matchAll(/`([A-Z][A-Z0-9_]+)(=[^`]*)?`/g)]
        .map((match) => match[1]!)
        .filter((name) => !name.endsWith('_') && (name in table || OUR_PREFIXES.some((prefix) => name.startsWith(prefix)))),
      ...[...text.matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=/g)].map((match) => match[1]!),
    ]);
    if (page === 'README.md') expect(named.size).toBeGreaterThan(10);
    const tests = testSources().join('\n');
    // A secret may be given as a file: NAME_FILE of a secret setting is one (infra/ops/src/environment.ts).
    const known = (name: string) => name in table || (name.endsWith('_FILE') && table[name.slice(0, -'_FILE'.length)]?.secret === true);
    const unknown = [...named].filter((name) => !known(name) && !new RegExp(`\\b${name}\\b`).test(tests));
    expect(unknown).toEqual([]);
  });
});
