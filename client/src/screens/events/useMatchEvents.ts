import { routes, type EventType, type Match, type StatEvent } from '@odds/protocol';
import { useCallback, useMemo, useState } from 'react';
import { api } from '../../api/client';
import { useApiQuery } from '../../api/queries';
import { inMemoryGetList, useList } from '../../components/table';
import { useMatchLive } from '../../live/useMatchLive';
import { rowsOf } from '../../live/topicBuffer';
import { useTopicSeq } from '../../live/useTopicSeq';

const NO_TYPES: EventType[] = [];

/** The match, its teams and the event types: what the stat event screens show names from. */
export function useMatchInfo(matchId: number | null) {
  const match: Match | null = useApiQuery(routes.match, { params: { matchId: matchId ?? 0 } }, { enabled: matchId !== null }).data ?? null;
  const types: EventType[] = useApiQuery(routes.eventTypes, {}).data?.results ?? NO_TYPES;
  const typeName = useCallback((id: number) => types.find((t) => t.id === id)?.name ?? `Type ${id}`, [types]);
  /** The event's team by name: the match's home or away team, or the name a list across matches carries. */
  const teamName = useCallback(
    (id: number | null, listed?: string | null) =>
      id === null ? '' : id === match?.home.id ? match.home.name : id === match?.away.id ? match.away.name : (listed ?? `Team ${id}`),
    [match],
  );
  return { match, types, typeName, teamName };
}

/**
 * Stat events of one match (/events/{matchId}) or of every match (/events), in match order, with a
 * per-row delete that reloads the list.
 */
export function useStatEventsList(matchId: number | null) {
  const live = useMatchLive(matchId ?? 0);
  // A match's events as its live topic holds them (another operator's stat event is pushed as the
  // event): read over REST only until the topic's first snapshot.
  const getList = useMemo(
    () =>
      matchId === null
        ? inMemoryGetList((signal) => api(routes.statEvents, { query: { limit: 1000 }, signal }).then((r) => r.results))
        : inMemoryGetList((signal) => {
            const pushed = live?.state.topics.stats;
            if (pushed && pushed.seq >= 0) return Promise.resolve(rowsOf(pushed, 'asc'));
            return api(routes.matchStatEvents, { params: { matchId }, signal }).then((r) => r.results);
          }, minuteValue),
    [matchId, live],
  );
  const liveSeq = useTopicSeq(live, 'stats');
  const list = useList<StatEvent>({ name: 'stat-events', getList, deps: [matchId, liveSeq], defaultSort: matchId === null ? '-timestamp' : 'minute' });
  const [busy, setBusy] = useState<number | null>(null);
  const { reload } = list;
  const remove = useCallback(
    async (event: StatEvent) => {
      setBusy(event.id);
      try {
        await api(routes.statEventsDelete, { query: { event_ids: [event.id] } });
        reload();
      } catch {
        // The API client has shown why.
      } finally {
        setBusy(null);
      }
    },
    [reload],
  );
  return { list, busy, remove, live };
}

/** Sorting by 'minute' orders by period, then game time plus stoppage time. */
function minuteValue(row: StatEvent, field: string): unknown {
  if (field === 'minute') return row.period * 1000 + row.game_time + row.extra_time;
  return (row as unknown as Record<string, unknown>)[field];
}
