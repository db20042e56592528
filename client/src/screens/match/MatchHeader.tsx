import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { dropdownNames } from '../../components/forms/a11y';
import { formatDateTime } from '../../lib/format';
import { contextStore } from '../../stores/context';
import { ChangeMark } from '../../components/marks/ChangeMark';
import { ConnectorSearch } from './ConnectorSearch';
import { CopyFromDialog } from './CopyFromDialog';
import { UofEventField } from './UofEventField';
import { HistoryPanel } from './history/HistoryPanel';
import { LiveIndicator } from './LiveIndicator';
import { MatchScore } from './MatchScore';
import { useConnector } from './useConnector';
import { marketSelectable, type useMatchPageState } from './useMatchPage';

const ALL_MARKETS = 0;

/**
 * The shared match header (SPEC §2): name, providers, start, event id, league unique id; the
 * connector reassign search, 'Copy from another match', the market selector (Feed and Graph
 * tabs only), the score and minute as the feed tells them, the live-connection indicator and who
 * else is watching.
 */
export function MatchHeader({ page }: { page: ReturnType<typeof useMatchPageState> }) {
  const { match, markets, marketId, live, tab } = page;
  const connector = useConnector(page.matchId, page.copied);
  const [history, setHistory] = useState(false);
  const [copying, setCopying] = useState(false);
  const { providers } = useSnapshot(contextStore);
  const inactive = new Set(providers.filter((p) => !p.active).map((p) => p.name));
  return (
    <header className="match-header">
      <div className="match-title-row">
        <p className="match-name">{match ? match.name : `Match ${page.matchId}`}</p>
        <MatchScore matchId={page.matchId} match={match} live={live} />
        {live && <LiveIndicator live={live} />}
        <ChangeMark by={page.header.changedBy ?? undefined} />
      </div>
      {match && (
        <dl className="match-facts">
          <div>
            <dt>Providers</dt>
            <dd>
              {match.provider_count} ({match.provider_names.map((name) => (inactive.has(name) ? `${name} (inactive)` : name)).join(', ')})
            </dd>
          </div>
          <div>
            <dt>Start</dt>
            <dd>{formatDateTime(match.start)}</dd>
          </div>
          <div>
            <dt>Event id</dt>
            <dd>{match.event_id}</dd>
          </div>
          <div>
            <dt>League unique id</dt>
            <dd>{match.league_unique_id}</dd>
          </div>
        </dl>
      )}
      <div className="match-actions">
        <span className="match-market">
          <label htmlFor="match-market-select">Market</label>
          <Dropdown
            inputId="match-market-select"
            {...dropdownNames('Market')}
            // The Feed shows every market until one is chosen: 'All markets' is its first option.
            value={marketId ?? (tab === 'feed' ? ALL_MARKETS : null)}
            options={[...(tab === 'feed' ? [{ label: 'All markets', value: ALL_MARKETS }] : []), ...markets.map((m) => ({ label: m.name, value: m.id }))]}
            onChange={(e) => page.setMarket((e.value as number | null) || null)}
            disabled={!marketSelectable(tab)}
            placeholder="Choose a market"
            className="p-inputtext-sm"
          />
        </span>
        <ConnectorSearch connector={connector} />
        <UofEventField matchId={page.matchId} />
        <Button type="button" label="Copy from another match" icon="pi pi-copy" size="small" outlined onClick={() => setCopying(true)} />
        <CopyFromDialog matchId={page.matchId} visible={copying} onHide={() => setCopying(false)} copy={connector.copyFrom} />
        <Button type="button" label="History" icon="pi pi-history" size="small" outlined onClick={() => setHistory(true)} />
        <HistoryPanel matchId={page.matchId} live={live} visible={history} onHide={() => setHistory(false)} markets={markets} />
        <span role="status" className="match-notice">
          {connector.notice}
        </span>
      </div>
    </header>
  );
}
