import { formatMinuteParts, matchMinuteParts } from '@odds/protocol';
import { Button } from 'primereact/button';
import type { MatchLive } from '../../live/matchLive';
import { useDeletedBy } from '../../live/useDeletedBy';
import { effectivePeriod } from './MinuteEntry';
import type { EventNames, EventRow } from './eventRow';

interface Props {
  row: EventRow & { id: number };
  live: MatchLive | null;
  names: EventNames;
  saving: boolean;
  onSaveAsNew(): void;
  onDiscard(): void;
}

/** 'Goal 23'' for the notice: what the row holds as typed. */
const rowName = (row: EventRow, names: EventNames) =>
  [
    row.type === null ? 'event' : names.typeName(row.type),
    row.minute === null ? '' : `${formatMinuteParts(matchMinuteParts(row.minute, effectivePeriod(row)))}'`,
  ]
    .filter(Boolean)
    .join(' ');

/**
 * A stat event deleted by someone else while the form had it open: at the top of the form, where
 * the operator is looking, it says who deleted it; the row keeps what was typed until the operator
 * saves it as a new event or discards it.
 */
export function DeletedEventNotice({ row, live, names, saving, onSaveAsNew, onDiscard }: Props) {
  const by = useDeletedBy(live, 'stat_event', row.id);
  return (
    <div className="deleted-while-open" role="alert">
      <p>
        Stat event {row.id} ({rowName(row, names)}) was deleted by {by} while you had it open. Your row is kept here: save it as a new event, or discard it.
      </p>
      <Button type="button" label="Save as new" size="small" loading={saving} aria-label={`Save event ${row.id} as new`} onClick={onSaveAsNew} />
      <Button type="button" label="Discard my edit" size="small" outlined aria-label={`Discard my edit of event ${row.id}`} onClick={onDiscard} />
    </div>
  );
}
