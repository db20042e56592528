import type { Match, MatchMarket } from '@odds/protocol';
import { useOutletContext } from 'react-router-dom';
import type { MatchLive } from './matchLive';

/** What the match layout shares with its tabs (through the Outlet's context). */
export interface MatchPage {
  matchId: number;
  match: Match | null;
  markets: MatchMarket[];
  /** The market chosen in the header (`?market=` in the address), or null. */
  marketId: number | null;
  setMarket(id: number | null): void;
  live: MatchLive | null;
}

/** A tab's view of the match layout's state (the match layout and the events screens share it). */
export const useMatchPage = () => useOutletContext<MatchPage>();
