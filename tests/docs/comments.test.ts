import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every source file of the tree, tests included (what a reader of the code reads). */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return ['node_modules', 'dist', 'data'].includes(entry.name) ? [] : sources(path);
    return /\.(ts|tsx|mts|mjs|css|sh)$/.test(entry.name) ? [path] : [];
  });
}

describe('comments', () => {
  it('say why without citing issue numbers no reader of the code can follow', () => {
    const files = ['protocol', 'infra', 'relay', 'client/src', 'client/build', 'tests', '.ci'].flatMap(sources);
    expect(files.length).toBeGreaterThan(500);
    const citing = files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\bissues? #\d+/i.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(citing).toEqual([]);
  });
});

describe('browser tests', () => {
  it('write screenshots under a temporary folder of their run (screenshotPath), never at a fixed /tmp path', () => {
    const files = ['tests'].flatMap(sources).filter((file) => file.endsWith('.ts'));
    const fixed = files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (/['"`]\/tmp\/[^'"`]*\.png|\?\? '\/tmp'/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(fixed).toEqual([]);
  });
});
