import { DEFAULT_SORTS, routes, type LeagueTableReply, type SeasonTableRow } from '@odds/protocol';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { inMemoryGetList, useList } from '../../components/table';
import { contextStore } from '../../stores/context';

/** Sort keys of the table rows; 'created_at' is the match date (SPEC §9: tables created_at descending). */
function sortValue(row: SeasonTableRow, field: string): unknown {
  switch (field) {
    case 'created_at':
      return row.match.date;
    case 'day':
      return row.match.day;
    case 'home':
      return row.home;
    case 'away':
      return row.away;
    default:
      return undefined;
  }
}

/**
 * A league's season table (the latest season unless one is in the route): rows sorted and paged
 * like every list, the league and season shown as the server answered them.
 */
export function useLeagueTable(leagueId: number, seasonId: number | undefined) {
  const { sportId } = useSnapshot(contextStore);
  const [reply, setReply] = useState<Omit<LeagueTableReply, 'table'> | null>(null);
  const list = useList<SeasonTableRow>({
    name: 'league-table',
    getList: inMemoryGetList(async (signal) => {
      const table = seasonId
        ? await api(routes.leagueSeasonTable, { params: { s: sportId, leagueId, seasonId }, signal })
        : await api(routes.leagueTable, { params: { s: sportId, leagueId }, signal });
      setReply({ league: table.league, season: table.season });
      return table.table;
    }, sortValue),
    deps: [leagueId, seasonId],
    defaultSort: DEFAULT_SORTS.tables,
    sortFields: ['created_at', 'day', 'home', 'away'],
  });
  return { list, league: reply?.league ?? null, season: reply?.season ?? null };
}
