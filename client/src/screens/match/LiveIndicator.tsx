import { useSnapshot } from 'valtio';
import { connectionLevel, lastUpdateText } from '../../live/connection';
import type { MatchLive } from '../../live/matchLive';

const LABEL = { ok: 'Live: ok', degraded: 'Live: degraded', down: 'Live: down', connecting: 'Live: connecting' } as const;

/** The live-connection indicator (ok, degraded, down; last update) and who else is watching. */
export function LiveIndicator({ live }: { live: MatchLive }) {
  const state = useSnapshot(live.state);
  const level = connectionLevel(state);
  const { count, names } = state.viewers;
  return (
    <div className="live-indicator" role="status" aria-live="polite">
      <span className={`live-dot live-${level}`} aria-hidden="true" />
      <span className="live-level">{level === 'down' && state.socket === 'connected' ? 'Live: back-office services down' : LABEL[level]}</span>
      <span className="live-updated">{lastUpdateText(state)}</span>
      <span className="live-presence" title={names.join(', ')}>
        <i className="pi pi-users" aria-hidden="true" /> Watching: {count}
        {names.length ? ` (${names.join(', ')})` : ''}
      </span>
      {state.error && <span className="live-error">{state.error}</span>}
    </div>
  );
}
