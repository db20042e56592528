import type { AuditEntry } from '@odds/protocol';
import { Button } from 'primereact/button';
import { fieldChanges, fieldLabel, type FieldFormat } from '../conflict';
import { formatDateTime } from '../../lib/format';

const ENTITY_NAMES: Record<string, string> = {
  threshold_set: 'Threshold set',
  match_content: 'Content',
  stat_event: 'Stat event',
  tracker: 'Tracker',
  contact: 'Contact',
  content_item: 'Content item',
  content_group: 'Content group',
  market: 'Market',
  match: 'Match',
  provider: 'Provider',
  team: 'Team',
  saved_threshold: 'Saved threshold',
  account: 'Operator',
  delivery: 'Delivery',
};
const ACTIONS = { create: 'created', update: 'changed', delete: 'deleted' } as const;
/** Keys and owners, not content: the same in every entry of one record. */
const ALWAYS_HIDDEN = new Set(['id', 'match_id', 'provider_id']);

/** How one screen reads its records' history: values, field names, and fields it leaves out. */
export interface HistoryReading {
  format?: (entry: AuditEntry) => FieldFormat | undefined;
  label?: (field: string) => string;
  hidden?: (field: string) => boolean;
  /** What the entry's record is called ('1X2: home 2.50'); its id when undefined. */
  name?: (entry: AuditEntry) => string | undefined;
}

/** One change: who did what to which record and when, and its fields before → after. */
function HistoryEntry({ entry, reading = {} }: { entry: AuditEntry; reading?: HistoryReading }) {
  const label = reading.label ?? fieldLabel;
  const changes = fieldChanges(entry.before, entry.after, reading.format?.(entry)).filter((c) => !ALWAYS_HIDDEN.has(c.field) && !reading.hidden?.(c.field));
  const name = reading.name?.(entry);
  const what = `${ENTITY_NAMES[entry.entity] ?? entry.entity} ${name ? `'${name}'` : `#${entry.entity_id}`}`;
  return (
    <li className="history-entry">
      <p className="history-head">
        <strong>{entry.actor.name}</strong> {ACTIONS[entry.action]} {what}
        {/* To the minute in the list; the seconds on hover (several saves can fall in one minute). */}
        <time dateTime={entry.at} title={formatDateTime(entry.at, { seconds: true })}>
          {formatDateTime(entry.at)}
        </time>
      </p>
      {changes.length > 0 && (
        <table className="history-diff" aria-label={`Changes to ${what} by ${entry.actor.name}`}>
          <tbody>
            {changes.map((c) => (
              <tr key={c.field}>
                <th scope="row">{label(c.field)}</th>
                <td className="history-before">{c.before}</td>
                <td aria-hidden="true">→</td>
                <td className="history-after">{c.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

/** A record's or a match's changes, newest first, with "Older changes" while there are more. */
export function HistoryList({
  history,
  empty,
  reading,
}: {
  history: { entries: AuditEntry[]; loading: boolean; hasMore: boolean; more(): void };
  empty: string;
  reading?: HistoryReading;
}) {
  return (
    <>
      {history.entries.length === 0 ? (
        <p>{history.loading ? 'Loading...' : empty}</p>
      ) : (
        <ol className="history-list" aria-label="Changes, newest first">
          {history.entries.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} reading={reading} />
          ))}
        </ol>
      )}
      {history.hasMore && <Button type="button" label="Older changes" text size="small" loading={history.loading} onClick={history.more} />}
    </>
  );
}
