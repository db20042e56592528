import { formatLine, type MatchThresholdSet } from '@odds/protocol';
import { Button } from 'primereact/button';
import { ChangeMark } from '../../../components/marks/ChangeMark';
import { thresholdsSummary } from './thresholdSummary';
import { timingSummary } from './newSet';
import type { ThresholdsTabState } from './useThresholdsTab';

/** A set in one line: its type, contact, line, thresholds per outcome and timing. */
export function describe(set: MatchThresholdSet): string {
  return [
    set.type,
    set.contact?.name ?? 'any contact',
    set.line === null ? null : `line ${formatLine(set.line)}`,
    thresholdsSummary(set.type, set.thresholds),
    timingSummary(set.timed),
  ]
    .filter(Boolean)
    .join(' · ');
}

interface Props {
  tab: ThresholdsTabState;
  /** A market, or one of its sets, opened in the editor. */
  onOpen: (marketId: number, set?: MatchThresholdSet) => void;
  /** A set's own delete asked about. */
  onDelete: (set: MatchThresholdSet) => void;
}

/** The markets listed, each with its threshold sets in one line: a market or a set opens in the editor, a set's bin asks to delete it. */
export function ThresholdMarketList({ tab, onOpen, onDelete }: Props) {
  return (
    <ul className="thresholds-market-list" aria-label="Markets">
      {tab.shown.map((market) => (
        <li key={market.id}>
          <Button
            type="button"
            label={market.name}
            text
            className={tab.market?.id === market.id ? 'threshold-market-current' : undefined}
            aria-pressed={tab.market?.id === market.id}
            onClick={() => onOpen(market.id)}
          />
          <ChangeMark by={tab.marketChangedBy(market.id)} />
          <ul className="thresholds-sets" aria-label={`Threshold sets of ${market.name}`}>
            {tab.sets
              .filter((set) => set.market_id === market.id)
              .map((set) => (
                <li key={set.id}>
                  <button type="button" className="threshold-set" onClick={() => onOpen(market.id, set)}>
                    {describe(set)}
                  </button>
                  <ChangeMark by={tab.marks.get(set.id)} />
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    text
                    severity="danger"
                    className="danger-strong threshold-set-delete"
                    size="small"
                    aria-label={`Delete threshold set ${set.id}`}
                    title="Delete this set"
                    onClick={() => onDelete(set)}
                  />
                </li>
              ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
