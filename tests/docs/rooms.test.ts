import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph, loops, roomGraph } from '../support/import-graph';

/**
 * The floors: in every part, rooms (a top folder such as engine/ or components/, or a file at the
 * top) stand on each other without loops, and so do files. A loop is how a low room (the engine,
 * the API client, the live path's transports) starts to depend on what is built on it.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const PARTS = ['protocol/src', 'infra/ops/src', 'infra/upstream/src', 'relay/src', 'client/src'];

describe.each(PARTS)('the rooms of %s', (part) => {
  const graph = importGraph(join(root, part));

  it('are read from its imports', () => {
    expect(graph.size).toBeGreaterThan(3);
    expect([...graph.values()].some((targets) => targets.size > 0)).toBe(true);
  });

  it('have no file that reaches itself through its imports', () => {
    expect(loops(graph)).toEqual([]);
  });

  it('have no room that reaches itself through another', () => {
    expect(loops(roomGraph(graph))).toEqual([]);
  });
});

describe('the floors check', () => {
  it('fails on an upward import planted in a part, type-only and lazy imports included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rooms-'));
    try {
      mkdirSync(join(dir, 'ground'));
      mkdirSync(join(dir, 'screens'));
      writeFileSync(join(dir, 'screens', 'Screen.tsx'), "import { ground } from '../ground/ground';\nexport const screen = ground;\n");
      writeFileSync(join(dir, 'ground', 'ground.ts'), 'export const ground = 1;\n');
      expect(loops(roomGraph(importGraph(dir)))).toEqual([]);
      writeFileSync(join(dir, 'ground', 'ground.ts'), "import type { screen } from '../screens/Screen';\nexport const ground = 1 as typeof screen;\n");
      expect(loops(roomGraph(importGraph(dir)))).toEqual([['ground/', 'screens/']]);
      writeFileSync(join(dir, 'ground', 'ground.ts'), "export const ground = 1;\nexport const later = () => import('../screens/Screen');\n");
      expect(loops(roomGraph(importGraph(dir)))).toEqual([['ground/', 'screens/']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
