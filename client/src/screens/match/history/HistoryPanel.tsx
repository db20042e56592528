import type { AuditEntry } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Sidebar } from 'primereact/sidebar';
import { fieldChanges, fieldLabel } from '../../../components/conflict';
import { formatDateTime } from '../../../lib/format';
import { thresholdFormat } from '../../match-thresholds/replace';
import type { MatchLive } from '../../../live/matchLive';
import { useMatchHistory } from './useMatchHistory';
import './history.css';

const ENTITY_NAMES: Record<string, string> = {
  threshold_set: 'Threshold set', match_content: 'Content', stat_event: 'Stat event', tracker: 'Tracker',
};
const ACTIONS = { create: 'created', update: 'changed', delete: 'deleted' } as const;

/** One change: who did what to which record and when, and its fields before → after. */
function HistoryEntry({ entry }: { entry: AuditEntry }) {
  const changes = fieldChanges(entry.before, entry.after, entry.entity === 'threshold_set' ? thresholdFormat(entry.after ?? entry.before) : undefined).filter((c) => c.field !== 'id' && c.field !== 'match_id');
  const what = `${ENTITY_NAMES[entry.entity] ?? entry.entity} #${entry.entity_id}`;
  return (
    <li className="history-entry">
      <p className="history-head">
        <strong>{entry.actor.name}</strong> {ACTIONS[entry.action]} {what}
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </p>
      {changes.length > 0 && (
        <table className="history-diff" aria-label={`Changes to ${what} by ${entry.actor.name}`}>
          <tbody>
            {changes.map((c) => (
              <tr key={c.field}>
                <th scope="row">{fieldLabel(c.field)}</th>
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

/** The match's History panel: every change to its sets, content, stat events and trackers, newest first. */
export function HistoryPanel({ matchId, live, visible, onHide }: { matchId: number; live: MatchLive | null; visible: boolean; onHide(): void }) {
  const history = useMatchHistory(matchId, live, visible);
  return (
    <Sidebar visible={visible} onHide={onHide} position="right" className="history-panel" header={<h2 className="history-title">History</h2>} aria-label="History">
      {history.entries.length === 0 ? (
        <p>{history.loading ? 'Loading...' : 'No changes to this match yet.'}</p>
      ) : (
        <ol className="history-list" aria-label="Changes, newest first">
          {history.entries.map((entry) => <HistoryEntry key={entry.id} entry={entry} />)}
        </ol>
      )}
      {history.hasMore && <Button type="button" label="Older changes" text size="small" loading={history.loading} onClick={history.more} />}
    </Sidebar>
  );
}
