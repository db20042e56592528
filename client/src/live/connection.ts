import type { UpstreamState } from '@odds/protocol';
import type { MatchLiveState } from './matchLive';

export type ConnectionLevel = UpstreamState | 'connecting';

/**
 * The live-connection indicator: down while the socket is away (or the relay says the upstream
 * is), degraded while the relay retries the upstream, ok once a snapshot came and the upstream
 * answers; connecting before the first word from the relay.
 */
export function connectionLevel(state: Pick<MatchLiveState, 'socket' | 'upstream' | 'version'>): ConnectionLevel {
  if (state.socket === 'disconnected') return 'down';
  if (state.socket === 'connecting') return 'connecting';
  if (state.upstream) return state.upstream;
  return state.version > 0 ? 'ok' : 'connecting';
}

/** The newest of a record change and the relay's last good poll (ms), null before either. */
export function newestUpdate(state: Pick<MatchLiveState, 'lastUpdateAt' | 'lastSuccessAt'>): number | null {
  const success = state.lastSuccessAt ? Date.parse(state.lastSuccessAt) : NaN;
  const newest = Math.max(state.lastUpdateAt ?? 0, Number.isNaN(success) ? 0 : success);
  return newest || null;
}

/** 'Last update 14:02:31' from the newest of a record change and the relay's last good poll. */
export function lastUpdateText(state: Pick<MatchLiveState, 'lastUpdateAt' | 'lastSuccessAt'>): string {
  const newest = newestUpdate(state);
  if (!newest) return 'No update yet';
  return `Last update ${new Date(newest).toLocaleTimeString('en-GB', { hour12: false })}`;
}
