import { formatMinuteParts, type AuditEntry } from '@odds/protocol';
import { thresholdsSummary } from '../thresholds/thresholdSummary';

/** Names of the records a match's history refers to by id: its markets, the provider's contacts, the event types. */
export interface HistoryNames {
  market(id: number): string | undefined;
  contact(id: number): string | undefined;
  eventType(id: number): string | undefined;
}

type Row = Record<string, unknown>;
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const named = (of: (id: number) => string | undefined, value: unknown) => {
  const id = num(value);
  return id === undefined ? undefined : of(id);
};

/** The first title a match content record carries ('Goal! Netherlands lead'), if any. */
function contentTitle(row: Row): string | undefined {
  const title = (row.content as { title?: { content?: unknown }[] } | undefined)?.title?.[0]?.content;
  return typeof title === 'string' && title.trim() ? title.trim() : undefined;
}

/**
 * What a history entry's record is called, from the record as the entry stored it (a database row:
 * ids, not names) and the names the page knows: "1X2: home 2.50, draw 3.40" for a threshold set,
 * its title for match content, "Goal 23'" for a stat event. Undefined when nothing better than the id is known.
 */
export function recordName(entry: AuditEntry, names: HistoryNames): string | undefined {
  const row = (entry.after ?? entry.before) as Row | null;
  if (!row) return undefined;
  const market = named(names.market, row.market_id);
  switch (entry.entity) {
    case 'threshold_set': {
      const thresholds = row.thresholds && typeof row.thresholds === 'object' ? thresholdsSummary(String(row.type), row.thresholds as Row) : '';
      return [market, thresholds].filter(Boolean).join(': ') || undefined;
    }
    case 'match_content':
      return contentTitle(row) ?? (market && typeof row.node_id === 'string' ? `${market} at ${row.node_id}` : undefined);
    case 'stat_event': {
      const type = named(names.eventType, row.type_id ?? row.type);
      const minute =
        num(row.game_time) === undefined ? '' : ` ${formatMinuteParts({ game_time: row.game_time as number, extra_time: num(row.extra_time) ?? 0 })}'`;
      return type ? `${type}${minute}` : undefined;
    }
    default:
      return typeof row.name === 'string' ? row.name : undefined;
  }
}

/** A field's value by name where the row holds an id: 'contact — → Push iOS', 'market 1 → 1X2'. */
export function namedValue(field: string, value: unknown, names: HistoryNames): string | undefined {
  if (field === 'contact_id') return named(names.contact, value);
  if (field === 'market_id') return named(names.market, value);
  if (field === 'type_id') return named(names.eventType, value);
  return undefined;
}
