/**
 * UOF messages as the adapter uses them, after parsing and validation (parse.ts). Times are epoch
 * milliseconds as UOF sends them; odds stay decimal text until the mapping turns them into thousandths.
 */

export interface UofOutcome {
  id: string;
  /** Decimal odds as sent ('1.85'); null when the outcome carries none (inactive ones often do not). */
  odds: string | null;
  active: boolean;
}

/** A market of a message: its id, its specifiers (`total=2.5|hcp=0:1` as pairs) and outcomes. */
export interface UofMarket {
  id: number;
  specifiers: Record<string, string>;
  /** The specifiers as sent, for counting unknown markets ('' when none). */
  specifierText: string;
  /** 1 active, 0 inactive, -1 suspended, -2 handed over, -3 settled, -4 cancelled. */
  status: number;
  outcomes: UofOutcome[];
}

export interface UofEventStatus {
  /** UOF `status` (EventStatus): 0 not started, 1 live, 2 suspended, 3 ended, 4 closed, 5 cancelled, 6 delayed, 7 interrupted, 8 postponed, 9 abandoned. */
  status: number;
  /** UOF match_status code: 0 not started, 6 first half, 7 second half, 31 half-time, 41/42 extra time, 50 penalties, 100 ended... */
  matchStatus: number | null;
  /** The score as sent; null when absent or not a whole number (the XSD allows decimals, as some sports score). */
  home: number | null;
  away: number | null;
  /** `clock match_time` in seconds ('27:33' is 1653). */
  clockS: number | null;
}

interface Base {
  product: number;
  timestamp: number;
  /** The recovery request a message answers, when it does. */
  requestId: number | null;
}

interface EventBase extends Base {
  eventId: string;
}

/** A bet_cancel (or its rollback) of the bets placed between two times only (both null: every bet of the market). */
interface CancelWindow {
  startTime: number | null;
  endTime: number | null;
}

export type UofMessage =
  | (EventBase & { type: 'odds_change'; status: UofEventStatus | null; markets: UofMarket[] })
  | (EventBase & { type: 'bet_stop'; groups: string[]; marketStatus: number | null })
  | (EventBase & { type: 'bet_settlement'; markets: UofMarket[] })
  | (EventBase & { type: 'bet_cancel'; markets: UofMarket[] } & CancelWindow)
  | (EventBase & { type: 'rollback_bet_settlement'; markets: UofMarket[] })
  | (EventBase & { type: 'rollback_bet_cancel'; markets: UofMarket[] } & CancelWindow)
  | (EventBase & { type: 'fixture_change'; startTime: number | null; changeType: number | null })
  | (Base & { type: 'alive'; subscribed: boolean })
  | (Base & { type: 'snapshot_complete' })
  | (Base & { type: 'product_down' });

export type UofEventMessage = Extract<UofMessage, { eventId: string }>;
export const isEventMessage = (m: UofMessage): m is UofEventMessage => 'eventId' in m;
