import { routes, type EventType, type Match, type StatEvent } from '@odds/protocol';
import { useCallback, useMemo, useState } from 'react';
import { api } from '../../api/client';
import { useApiQuery } from '../../api/queries';
import { inMemoryGetList, useList } from '../../components/table';
import { useMatchLive } from '../../live/useMatchLive';
import { useLiveList } from '../../components/table/useLiveList';
import { useTopicRows } from '../../live/useTopicRows';

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

const LIST = { defaultSort: 'minute' } as const;

/**
 * Stat events of one match (/events/{matchId}) or of every match (/events), in match order, with a
 * per-row delete. A match's events render from its live topic (another operator's stat event is
 * pushed as the event, a delete as its removal): read over REST, through the query cache, only
 * until the topic's first snapshot. Every match's events are one REST list, read again after a delete.
 */
export function useStatEventsList(matchId: number | null) {
  const live = useMatchLive(matchId ?? 0);
  const topic = useTopicRows(matchId === null ? null : live, 'stats');
  const fromTopic = matchId !== null && topic.ready;
  const getList = useMemo(
    () =>
      matchId === null
        ? inMemoryGetList((signal) => api(routes.statEvents, { query: { limit: 1000 }, signal }).then((r) => r.results))
        : inMemoryGetList((signal) => api(routes.matchStatEvents, { params: { matchId }, signal }).then((r) => r.results), minuteValue),
    [matchId],
  );
  const read = useList<StatEvent>({
    name: 'stat-events',
    getList,
    deps: [matchId],
    enabled: !fromTopic,
    defaultSort: matchId === null ? '-timestamp' : LIST.defaultSort,
  });
  const pushed = useLiveList(topic.rows, { ...LIST, ready: true, reload: () => live?.refresh(), sortValue: minuteValue });
  const list = fromTopic ? pushed : read;
  const [busy, setBusy] = useState<number | null>(null);
  const { reload } = read;
  const remove = useCallback(
    async (event: StatEvent) => {
      setBusy(event.id);
      try {
        await api(routes.statEventsDelete, { query: { event_ids: [event.id] } });
        // A match's topic pushes the removal; a list read over REST is read again.
        if (!fromTopic) reload();
      } catch {
        // The API client has shown why.
      } finally {
        setBusy(null);
      }
    },
    [reload, fromTopic],
  );
  return { list, busy, remove, live };
}

/** Sorting by 'minute' orders by period, then game time plus stoppage time. */
function minuteValue(row: StatEvent, field: string): unknown {
  if (field === 'minute') return row.period * 1000 + row.game_time + row.extra_time;
  return (row as unknown as Record<string, unknown>)[field];
}
