import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  SUPPRESSION_KINDS,
  SUPPRESSION_LIST_REASONS,
  type SuppressionEntry,
  type SuppressionEntryInput,
  type SuppressionImport,
  type SuppressionImportReply,
  type SuppressionKind,
} from '@odds/protocol';
import type { Db, Queryable, Tx } from '../db/client';
import { suppressionEntries } from '../db/schema';
import { Errors } from '../errors';
import { insertJson } from '../engine/bulk';
import { keyedHash } from '../engine/compliance/hash';

/**
 * A provider's suppression list (docs/compliance.md): imported by admins (entries or CSV), each
 * value stored only as its keyed hash with its kind and reason; found by value (hashed the same
 * way); exported as hashes. An import is one transaction and idempotent: a value already listed
 * keeps its entry.
 */

type Row = typeof suppressionEntries.$inferSelect;

const present = (row: Row): SuppressionEntry => ({
  id: row.id,
  kind: row.kind as SuppressionKind,
  hash: row.hash,
  reason: row.reason as SuppressionEntry['reason'],
  note: row.note,
  created_at: row.createdAt.toISOString(),
  created_by: row.createdBy,
});

/** `kind,value,reason,note` lines (a header line is skipped; the note may hold commas). A 400 names the first bad line. */
function parseCsv(text: string): SuppressionEntryInput[] {
  const entries: SuppressionEntryInput[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || (index === 0 && /^kind\s*,/i.test(line))) continue;
    const parts = line.split(',');
    const [kind, value, reason] = parts.slice(0, 3).map((part) => part.trim().replace(/^"(.*)"$/, '$1'));
    const note = parts
      .slice(3)
      .join(',')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    const where = `CSV line ${index + 1}`;
    if (!SUPPRESSION_KINDS.includes(kind?.toUpperCase() as SuppressionKind))
      throw new Errors.BadRequest(`${where}: kind must be one of ${SUPPRESSION_KINDS.join(', ')}`);
    if (!value) throw new Errors.BadRequest(`${where}: no value`);
    const why = (reason || 'OTHER').toUpperCase();
    if (!(SUPPRESSION_LIST_REASONS as readonly string[]).includes(why))
      throw new Errors.BadRequest(`${where}: reason must be one of ${SUPPRESSION_LIST_REASONS.join(', ')}`);
    entries.push({ kind: kind!.toUpperCase() as SuppressionKind, value, reason: why as SuppressionEntryInput['reason'], note });
  }
  return entries;
}

export async function importEntries(
  db: Queryable,
  providerId: number,
  body: SuppressionImport,
  key: string | null,
  actor: string,
): Promise<SuppressionImportReply> {
  if (!key) throw new Errors.HashKeyMissing();
  const entries = [...(body.entries ?? []), ...(body.csv ? parseCsv(body.csv) : [])];
  if (!entries.length) throw new Errors.BadRequest('Nothing to import: send entries or a CSV with lines of kind,value,reason,note.');
  const rows = new Map<string, Record<string, unknown>>();
  for (const e of entries) {
    const hash = keyedHash(key, e.kind, e.value);
    rows.set(`${e.kind}:${hash}`, { provider_id: providerId, kind: e.kind, hash, reason: e.reason, note: e.note?.trim() ?? '', created_by: actor });
  }
  const added = await insertJson<{ id: number }>(
    db,
    'suppression_entries',
    [...rows.values()],
    'on conflict (provider_id, kind, hash) do nothing returning id',
  );
  return { added: added.length, already: entries.length - added.length, total: entries.length };
}

/** Keeps a value listed (erasure: the person must not come back with a later import). */
export async function keepListed(tx: Tx | Db, providerId: number, values: [SuppressionKind, string][], key: string | null, actor: string): Promise<void> {
  if (!key || !values.length) return;
  await importEntries(tx, providerId, { entries: values.map(([kind, value]) => ({ kind, value, reason: 'ERASED' as const })) }, key, actor);
}

export async function searchEntries(
  db: Db,
  providerId: number,
  query: { value?: string; kind?: SuppressionKind; start?: number; limit?: number },
  key: string | null,
): Promise<{ results: SuppressionEntry[]; total: number; limit: number }> {
  const limit = query.limit ?? 50;
  const filters = [eq(suppressionEntries.providerId, providerId)];
  if (query.value !== undefined) {
    if (!key) throw new Errors.HashKeyMissing();
    const kinds = query.kind ? [query.kind] : [...SUPPRESSION_KINDS];
    filters.push(
      inArray(
        suppressionEntries.hash,
        kinds.map((kind) => keyedHash(key, kind, query.value!)),
      ),
    );
  }
  if (query.kind) filters.push(eq(suppressionEntries.kind, query.kind));
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(suppressionEntries)
      .where(where)
      .orderBy(desc(suppressionEntries.id))
      .limit(limit)
      .offset(query.start ?? 0),
    db.select({ total: count() }).from(suppressionEntries).where(where),
  ]);
  return { results: rows.map(present), total: Number(total), limit };
}

const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export async function exportEntries(db: Db, providerId: number): Promise<{ csv: string; total: number }> {
  const rows = await db.select().from(suppressionEntries).where(eq(suppressionEntries.providerId, providerId)).orderBy(suppressionEntries.id);
  const lines = rows.map((r) => [r.kind, r.hash, r.reason, r.note, r.createdAt.toISOString()].map(csvCell).join(','));
  return { csv: `${['kind,hash,reason,note,created_at', ...lines].join('\n')}\n`, total: rows.length };
}
