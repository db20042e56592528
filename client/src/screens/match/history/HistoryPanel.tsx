import { Sidebar } from 'primereact/sidebar';
import { fieldLabel } from '../../../components/conflict';
import { thresholdFormat } from '../thresholds/replace';
import type { MatchLive } from '../../../live/matchLive';
import { HistoryList, type HistoryReading } from './HistoryEntry';
import { useMatchHistory } from './useMatchHistory';
import './history.css';

const READING: HistoryReading = {
  format: (entry) => (entry.entity === 'threshold_set' ? thresholdFormat(entry.after ?? entry.before) : undefined),
  // A connector reassign changes the match's event id ('event' alone reads like a feed event).
  label: (field) => (field === 'event_id' ? 'event id' : fieldLabel(field)),
};

/** The match's History panel: every change to its sets, content, stat events, trackers and connector, newest first. */
export function HistoryPanel({ matchId, live, visible, onHide }: { matchId: number; live: MatchLive | null; visible: boolean; onHide(): void }) {
  const history = useMatchHistory(matchId, live, visible);
  return (
    <Sidebar
      visible={visible}
      onHide={onHide}
      position="right"
      className="history-panel"
      header={<h2 className="history-title">History</h2>}
      aria-label="History"
      // A long history scrolls: its region takes the keyboard's focus so arrow keys and Page Down reach it.
      pt={{ content: { tabIndex: 0, role: 'region', 'aria-label': 'Changes, newest first' } }}
    >
      <HistoryList history={history} empty="No changes to this match yet." reading={READING} />
    </Sidebar>
  );
}
