import { routes, type MatchMarket } from '@odds/protocol';
import { Sidebar } from 'primereact/sidebar';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { useApiQuery } from '../../../api/queries';
import { contextStore } from '../../../stores/context';
import { fieldLabel } from '../../../components/conflict';
import { thresholdFormat } from '../thresholds/replace';
import type { MatchLive } from '../../../live/matchLive';
import { HistoryCsvButton } from '../../../components/history/HistoryCsvButton';
import { HistoryList, type HistoryReading } from '../../../components/history/HistoryEntry';
import { namedValue, recordName, type HistoryNames } from './historyNames';
import { useMatchHistory } from './useMatchHistory';
import '../../../components/history/history.css';

const NO_MARKETS: MatchMarket[] = [];

/** How the match's history reads: records and the ids in their fields by name, threshold odds as the editor shows them. */
function useReading(markets: readonly MatchMarket[], visible: boolean): HistoryReading {
  const { providerId } = useSnapshot(contextStore);
  // The same reads as the Thresholds tab and the stat screens (shared through the query cache).
  const contacts = useApiQuery(routes.contacts, { query: { provider: providerId, limit: 1000 }, silent: true }, { enabled: visible }).data?.items;
  const types = useApiQuery(routes.eventTypes, { silent: true }, { enabled: visible }).data?.results;
  return useMemo(() => {
    const names: HistoryNames = {
      market: (id) => markets.find((m) => m.id === id)?.name,
      contact: (id) => contacts?.find((c) => c.id === id)?.name,
      eventType: (id) => types?.find((t) => t.id === id)?.name,
    };
    return {
      format: (entry) => {
        const odds = entry.entity === 'threshold_set' ? thresholdFormat(entry.after ?? entry.before) : undefined;
        return (field, value) => odds?.(field, value) ?? namedValue(field, value, names);
      },
      // A connector reassign changes the match's event id ('event' alone reads like a feed event).
      label: (field) => (field === 'event_id' ? 'event id' : fieldLabel(field)),
      name: (entry) => recordName(entry, names),
    };
  }, [markets, contacts, types]);
}

/** The match's History panel: every change to its sets, content, stat events, trackers and connector, newest first. */
export function HistoryPanel({
  matchId,
  live,
  visible,
  onHide,
  markets = NO_MARKETS,
}: {
  matchId: number;
  live: MatchLive | null;
  visible: boolean;
  onHide(): void;
  markets?: readonly MatchMarket[];
}) {
  const history = useMatchHistory(matchId, live, visible);
  const reading = useReading(markets, visible);
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
      <HistoryCsvButton scope={{ match_id: matchId }} />
      <HistoryList history={history} empty="No changes to this match yet." reading={reading} />
    </Sidebar>
  );
}
