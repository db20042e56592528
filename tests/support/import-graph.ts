import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * A part's import graph, read from its source (relative imports only: packages are other parts),
 * and the loops in it: the floors test (tests/docs/rooms.test.ts) judges every part with it.
 */
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;
const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
  });
}

/** Each source file of `root` (relative to it) and the files of `root` it imports, type imports and `import()` included. */
export function importGraph(root: string): Map<string, Set<string>> {
  const files = new Set(sourceFiles(root));
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const base = resolve(dirname(file), (match[1] ?? match[2])!.replace(/\.js$/, ''));
      const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) => files.has(path) && existsSync(path));
      if (target) targets.add(relative(root, target));
    }
    graph.set(relative(root, file), targets);
  }
  return graph;
}

/** The graph of rooms: a top folder of the part (`engine/`) or a file at its top (`app.ts`), and the rooms each imports. */
export function roomGraph(graph: Map<string, Set<string>>): Map<string, Set<string>> {
  const roomOf = (file: string) => (file.includes('/') ? `${file.split('/')[0]}/` : file);
  const rooms = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = rooms.get(roomOf(file)) ?? new Set<string>();
    for (const target of targets) if (roomOf(target) !== roomOf(file)) from.add(roomOf(target));
    rooms.set(roomOf(file), from);
  }
  return rooms;
}

/** Strongly connected groups of more than one node (Tarjan): each a loop, sorted. */
export function loops(graph: Map<string, Set<string>>): string[][] {
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
