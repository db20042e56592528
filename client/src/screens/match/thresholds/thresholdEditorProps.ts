import type { BacktestReply, Contact, MatchMarket, SavedThreshold } from '@odds/protocol';
import type { ThresholdForm } from './thresholdForm';

/** What the threshold editor and its rows (ThresholdEditorRows.tsx) are given. */
export interface ThresholdEditorProps {
  market: MatchMarket;
  form: ThresholdForm;
  patch: (change: Partial<ThresholdForm>) => void;
  contacts: readonly Contact[];
  templates: readonly SavedThreshold[];
  /** Who just saved or deleted a template of the provider (another console, or this one). */
  templateChangedBy?: string;
  isFeedContact: boolean;
  error: string | null;
  saving: boolean;
  onSave: () => void;
  onBacktest: () => void;
  backtest: BacktestReply | null;
  /** The set this editor opened was deleted meanwhile (by whom): saving waits for Recreate or Discard. */
  deletedBy?: string | null;
  onRecreate?: () => void;
  onDiscard?: () => void;
  /** The form left the set it opened for a slot with no set (another contact or line): what the new set starts from. */
  newSetNote?: string | null;
}
