/** Fields that are bookkeeping, not content: a merge keeps mine and never calls them a conflict. */
const BOOKKEEPING = new Set(['version', 'replace', 'created_at', 'updated_at', 'last_modified', 'saveAsTemplate', 'saveAsTemplateDefault']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const objectList = (value: unknown): value is unknown[] => Array.isArray(value) && value.some((item) => item !== null && typeof item === 'object');

export interface Merge<T> {
  /** Mine where I changed a field, theirs where only they did; mine where both did (see `conflicts`). */
  merged: T;
  /** Paths ('thresholds.home.value') both sides changed to different values since `base`. */
  conflicts: string[];
}

/**
 * A three-way merge of a record: `base` is what my form started from, `mine` what I would save,
 * `theirs` what the server holds now (all in one shape). A field only one side changed takes that
 * side's value; a field both changed alike is no conflict; a field both changed differently is
 * listed in `conflicts` (and keeps mine in `merged`). Objects merge field by field; lists of plain
 * values (ids, language codes) are one value; lists of records merge by position when all three
 * have the same length, else as one value.
 */
export function merge3<T>(base: unknown, mine: T, theirs: unknown): Merge<T> {
  const conflicts: string[] = [];
  const merged = mergeAt(base, mine, theirs, '', conflicts) as T;
  return { merged, conflicts };
}

function mergeAt(base: unknown, mine: unknown, theirs: unknown, path: string, conflicts: string[]): unknown {
  if (same(mine, theirs)) return mine;
  if (same(mine, base)) return theirs;
  if (same(theirs, base)) return mine;
  if (isRecord(mine) && isRecord(theirs) && (isRecord(base) || base === undefined || base === null)) {
    const from = isRecord(base) ? base : {};
    const out: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
      if (BOOKKEEPING.has(key)) {
        if (key in mine) out[key] = mine[key];
        continue;
      }
      const value = mergeAt(from[key], mine[key], theirs[key], path ? `${path}.${key}` : key, conflicts);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  if (objectList(mine) && Array.isArray(theirs) && Array.isArray(base) && mine.length === theirs.length && base.length === mine.length) {
    return mine.map((item, i) => mergeAt(base[i], item, theirs[i], path ? `${path}.${i}` : String(i), conflicts));
  }
  conflicts.push(path);
  return mine;
}
