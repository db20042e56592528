import { routes, type Match, type MatchFeedEvent, type MatchLiveState } from '@odds/protocol';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { matchPhase, type MatchPhase } from './matchPhase';

/** A panel re-reads its match's state at most this often while offers stream in… */
const AFTER_CHANGE_MS = 5_000;
/** …and at least this often when nothing streams (half-time, full-time, a fixture to come)… */
const QUIET_MS = 60_000;
/** …or, in play, this often: extra time's goals come with no offer to announce them. */
const LIVE_QUIET_MS = 10_000;

const isPeriodEvent = (event: MatchFeedEvent) => event.kind === 'period_start' || event.kind === 'period_end';

/**
 * The match's phase for a wall panel: its live state and last period event, read when the match's
 * offers change (at most every 5 s) and once a minute when they do not.
 */
export function useMatchPhase(matchId: number, match: Match | null, version: number, latestClock: number | null): MatchPhase {
  const [state, setState] = useState<{ live: MatchLiveState | null; period: MatchFeedEvent | null }>({ live: null, period: null });
  const lastRead = useRef(0);
  const [tick, setTick] = useState(0);

  const inPlay = state.live?.status === 'LIVE';
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), inPlay ? LIVE_QUIET_MS : QUIET_MS);
    return () => clearInterval(timer);
  }, [inPlay]);

  // Reads of a match end with it (a panel switched to another match drops the old answers).
  const reads = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    reads.current = controller;
    lastRead.current = 0;
    return () => controller.abort();
  }, [matchId]);

  useEffect(() => {
    const signal = reads.current?.signal;
    if (!signal) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(
      () => {
        lastRead.current = Date.now();
        Promise.all([
          api(routes.matchLiveState, { params: { matchId }, signal, silent: true }),
          api(routes.matchFeedEvents, { params: { matchId }, query: { limit: 1000 }, signal, silent: true }),
        ]).then(
          ([live, events]) => setState({ live, period: events.results.filter(isPeriodEvent).at(-1) ?? null }),
          // A failed read (the services busy or away) is tried again soon rather than at the next minute.
          () => {
            if (!signal.aborted) retry = setTimeout(() => setTick((n) => n + 1), AFTER_CHANGE_MS);
          },
        );
      },
      Math.max(0, lastRead.current + AFTER_CHANGE_MS - Date.now()),
    );
    // The retry goes with the panel too: a timer left behind would set the state of an unmounted one.
    return () => {
      clearTimeout(timer);
      clearTimeout(retry);
    };
  }, [matchId, version, tick]);

  return matchPhase({ match, live: state.live, lastPeriodEvent: state.period, latestClock, now: Date.now() });
}
