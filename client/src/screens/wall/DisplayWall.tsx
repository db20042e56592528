import type { DisplaySession } from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { setDisplayToken } from '../../api/token';
import { closeLiveSocket } from '../../live/liveSocket';
import type { PhaseKind } from '../../components/match/matchPhase';
import { useDisplaySession } from './useDisplaySession';
import { useLeagueLiveMatches } from './useLeagueLiveMatches';
import { WallGrid } from './WallGrid';
import { lastWallTheme, rememberWallTheme, useWallBody } from './wallTheme';

/** A followed league's finished match keeps its panel this long, so its final score is seen. */
export const KEEP_FINISHED_MS = 5 * 60_000;

/**
 * The panels of a display: its listed matches, then the followed league's live ones, less those
 * that finished more than KEEP_FINISHED_MS ago.
 */
export function displayedMatches(listed: readonly number[], following: readonly number[], finishedAt: ReadonlyMap<number, number>, now: number): number[] {
  const cutoff = now - KEEP_FINISHED_MS;
  return [...new Set([...listed, ...following.filter((id) => (finishedAt.get(id) ?? Infinity) > cutoff)])];
}

/**
 * A wall opened with a display token (`/wall#display=<token>`): no login, read-only, configured by
 * its display. The token is used for this page only and never stored.
 */
export function DisplayWall({ token }: { token: string }) {
  // Before any call or socket of this page: the display's token stands in for a session.
  useState(() => {
    closeLiveSocket();
    setDisplayToken(token);
    return token;
  });
  const state = useDisplaySession();
  if (state.kind === 'ok') return <DisplayPanels display={state.display} />;
  return <WallMessage state={state.kind} />;
}

/** What a wall says when it has no display to show, in the theme it last showed one in. */
function WallMessage({ state }: { state: 'revoked' | 'loading' | 'unreachable' }) {
  const dark = lastWallTheme() === 'dark';
  useWallBody(dark);
  return (
    <div className={dark ? 'wall-screen' : 'wall-screen wall-screen-light'}>
      {state === 'revoked' ? (
        <div className="wall-message" role="alert">
          <h1>This display was revoked</h1>
          <p>An operator has switched this wall off. Ask for a new display address to show live matches here again.</p>
        </div>
      ) : state === 'loading' ? (
        <p className="wall-message">Loading the display…</p>
      ) : (
        <p className="wall-message" role="status">
          The console cannot be reached; this wall will try again by itself.
        </p>
      )}
    </div>
  );
}

function DisplayPanels({ display }: { display: DisplaySession }) {
  const { name, config } = display;
  useEffect(() => rememberWallTheme(config.theme), [config.theme]);
  const following = useLeagueLiveMatches(config.league_id);
  const [finishedAt, setFinishedAt] = useState<Map<number, number>>(new Map());
  const onPhase = useCallback((matchId: number, kind: PhaseKind) => {
    setFinishedAt((now) => {
      if ((kind === 'fulltime') === now.has(matchId)) return now;
      const next = new Map(now);
      if (kind === 'fulltime') next.set(matchId, Date.now());
      else next.delete(matchId);
      return next;
    });
  }, []);
  const matchIds = displayedMatches(config.match_ids, config.league_id === null ? [] : following, finishedAt, Date.now());
  return (
    <WallGrid
      title={name}
      {...(display.league && { subtitle: `Following ${display.league.name}` })}
      matchIds={matchIds}
      marketId={config.market_id}
      dark={config.theme === 'dark'}
      onPhase={onPhase}
      empty={
        config.league_id !== null ? 'No match of this league is live right now. Panels appear here as matches kick off.' : 'This display shows no matches.'
      }
    />
  );
}
