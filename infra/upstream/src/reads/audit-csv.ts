import type { AuditEntry } from '@odds/protocol';
import { csvCell } from './csv-cell';

const HEADER = ['id', 'at', 'actor_id', 'actor', 'entity', 'entity_id', 'match_id', 'action', 'version', 'before', 'after'];

export const auditCsvHeader = () => `${HEADER.join(',')}\r\n`;

/** One audit row: who, when, what; the record before and after as JSON (empty when created / deleted). */
export function auditCsvRow(entry: AuditEntry): string {
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  const cells = [
    entry.id,
    entry.at,
    entry.actor.id,
    entry.actor.name,
    entry.entity,
    entry.entity_id,
    entry.match_id,
    entry.action,
    entry.version,
    json(entry.before),
    json(entry.after),
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}
