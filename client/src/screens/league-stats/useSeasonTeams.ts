import { routes, type Team } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';

/** The teams of a season, by name (the team dropdowns of league stats and stats 2). */
export function useSeasonTeams(seasonId: number | null): Team[] {
  const [teams, setTeams] = useState<Team[]>([]);
  useEffect(() => {
    setTeams([]);
    if (!seasonId) return;
    const controller = new AbortController();
    api(routes.seasonTeams, { params: { seasonId }, signal: controller.signal }).then(
      (reply) => setTeams(reply.results),
      () => undefined,
    );
    return () => controller.abort();
  }, [seasonId]);
  return teams;
}
