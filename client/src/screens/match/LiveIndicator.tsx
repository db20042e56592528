import { useSnapshot } from 'valtio';
import { connectionLevel, lastUpdateText } from '../../live/connection';
import type { MatchLive } from '../../live/matchLive';
import { MatchPresence } from './MatchPresence';

const LABEL = { ok: 'Live: ok', degraded: 'Live: degraded', down: 'Live: down', connecting: 'Live: connecting' } as const;

/** The live-connection indicator (ok, degraded, down; last update), who else is watching and who edits which tab. */
export function LiveIndicator({ live }: { live: MatchLive }) {
  const state = useSnapshot(live.state);
  const level = connectionLevel(state);
  return (
    <div className="live-indicator" role="status" aria-live="polite">
      <span className={`live-dot live-${level}`} aria-hidden="true" />
      <span className="live-level">{level === 'down' && state.socket === 'connected' ? 'Live: back-office services not answering' : LABEL[level]}</span>
      <span className="live-updated">{lastUpdateText(state)}</span>
      <MatchPresence live={live} />
      {state.error && <span className="live-error">{state.error}</span>}
    </div>
  );
}
