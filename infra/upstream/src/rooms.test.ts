import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The upstream's rooms stand on each other without loops: no file reaches itself through its
 * imports, and neither does a folder (a room such as engine/ or catalog/), type imports included.
 * A loop is how a low room (the engine, the seed data) starts to depend on what is built on it.
 */
const SRC = dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function importGraph(): Map<string, Set<string>> {
  const files = sourceFiles(SRC);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const base = resolve(dirname(file), (match[1] ?? match[2])!.replace(/\.js$/, ''));
      const target = [`${base}.ts`, join(base, 'index.ts')].find((path) => existsSync(path) && files.includes(path));
      if (target) targets.add(relative(SRC, target));
    }
    graph.set(relative(SRC, file), targets);
  }
  return graph;
}

/** Strongly connected groups of more than one node (Tarjan). */
function loops(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const roomOf = (file: string) => (file.includes('/') ? `${file.split('/')[0]}/` : file);

describe('the upstream rooms', () => {
  const graph = importGraph();

  it('reads the imports it judges', () => {
    expect(graph.get('db/client.ts')).toContain('db/migrate.ts');
  });

  it('have no file that reaches itself through its imports', () => {
    expect(loops(graph)).toEqual([]);
  });

  it('have no folder that reaches itself through another', () => {
    const rooms = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = rooms.get(roomOf(file)) ?? new Set<string>();
      for (const target of targets) if (roomOf(target) !== roomOf(file)) from.add(roomOf(target));
      rooms.set(roomOf(file), from);
    }
    expect(loops(rooms)).toEqual([]);
  });
});
