/** Fields that are bookkeeping, not content: left out of conflict and history diffs. */
const HIDDEN = new Set(['version', 'replace', 'created_at', 'updated_at', 'last_modified', 'saveAsTemplate', 'saveAsTemplateDefault']);

/** A list of plain values (ids, language codes) is one value: 'leagues: 3, 7 → 3, 9', not a row per position. */
const plainList = (value: unknown): value is unknown[] => Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object');

/** A record as dotted paths to plain values ('thresholds.home.value' → 2500), bookkeeping fields left out. */
export function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (prefix && plainList(value)) {
    out[prefix] = value;
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (HIDDEN.has(key)) continue;
      flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    }
    if (prefix && Object.keys(value as object).length === 0) out[prefix] = Array.isArray(value) ? [] : {};
  } else if (prefix) {
    out[prefix] = value;
  }
  return out;
}

/** A value as an operator reads it: text as-is, nothing as '—', a list of plain values comma-separated, the rest as JSON. */
function formatValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (plainList(value)) return value.length ? value.map(formatValue).join(', ') : '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** How a screen shows one field's value (odds in thousandths as 2.50), or undefined for the plain text. */
export type FieldFormat = (field: string, value: unknown) => string | undefined;
const show = (format: FieldFormat | undefined, field: string, value: unknown) =>
  (value === undefined || value === null ? undefined : format?.(field, value)) ?? formatValue(value);

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** The fields that differ between two records (either may be null: created, deleted), by path. */
export function fieldChanges(before: unknown, after: unknown, format?: FieldFormat): FieldChange[] {
  const a = before === null || before === undefined ? {} : flatten(before);
  const b = after === null || after === undefined ? {} : flatten(after);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return fields
    .filter((field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]))
    .map((field) => ({ field, before: show(format, field, a[field]), after: show(format, field, b[field]) }));
}

export interface SideBySide {
  field: string;
  theirs: string;
  mine: string;
  differs: boolean;
}

/** Each field of my write beside the same field of their record (conflict dialog rows), differing ones first. */
export function sideBySide(theirs: unknown, mine: unknown, format?: FieldFormat): SideBySide[] {
  const t = flatten(theirs);
  const m = flatten(mine);
  const rows = Object.keys(m)
    .filter((field) => field !== 'id')
    .map((field) => ({
      field,
      theirs: show(format, field, t[field]),
      mine: show(format, field, m[field]),
      differs: JSON.stringify(t[field]) !== JSON.stringify(m[field]),
    }));
  return [...rows.filter((r) => r.differs), ...rows.filter((r) => !r.differs)];
}

/**
 * A field path in the operator's words: 'thresholds.home.value' → 'home value', 'market_id' →
 * 'market', 'content.title.0.content' → 'title' (containers and list positions left out).
 */
export function fieldLabel(path: string): string {
  const parts = path.split('.').filter((part) => !/^\d+$/.test(part));
  if (parts.length > 1 && (parts[0] === 'thresholds' || parts[0] === 'content')) parts.shift();
  if (parts.length > 1 && parts.at(-1) === 'content') parts.pop();
  return parts.map((part) => part.replace(/_id$/, '').replace(/_/g, ' ')).join(' ');
}
