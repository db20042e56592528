import { routes, type MatchMarket, type MatchThresholdSet, type SavedThreshold } from '@odds/protocol';
import { api } from '../../../api/client';
import { defaultForm } from './thresholdForm';
import { marketDefaultForm } from './newSet';
import type { ThresholdEditorState } from './useThresholdEditor';

interface DeleteParts {
  matchId: number;
  markets: MatchMarket[];
  sets: MatchThresholdSet[];
  templates: SavedThreshold[];
  editor: ThresholdEditorState;
  /** My delete answered: the list leaves the sets out until the push brings their delete. */
  ownDeleted: (ids: readonly number[]) => void;
  /** 'Delete all' drops the backtest too. */
  setBacktest: (backtest: null) => void;
}

/** The Thresholds tab's deletes: 'Delete all', and one set's delete. */
export function useThresholdDeletes({ matchId, markets, sets, templates, editor, ownDeleted, setBacktest }: DeleteParts) {
  /** 'Delete all' (after 'Are you sure?'): every set of the match goes, and the editor is back to Value mode. */
  const deleteAll = async () => {
    if (sets.length > 0) {
      const ids = sets.map((s) => s.id);
      try {
        await api(routes.matchThresholdsDelete, { params: { matchId }, query: { thresholds_id: ids } });
      } catch {
        return;
      }
      ownDeleted(ids);
    }
    editor.closeSet(defaultForm());
    setBacktest(null);
  };

  /** One set's delete (after its own 'Are you sure?'); my delete of the set open in the editor leaves a blank form of its market. */
  const deleteOne = async (set: MatchThresholdSet) => {
    try {
      await api(routes.matchThresholdsDelete, { params: { matchId }, query: { thresholds_id: [set.id] } });
    } catch {
      return;
    }
    if (editor.opened?.id === set.id) {
      const of = markets.find((m) => m.id === set.market_id);
      editor.closeSet(of ? marketDefaultForm(of, templates) : defaultForm());
    }
    ownDeleted([set.id]);
  };

  return { deleteAll, deleteOne };
}
