import { routes, type League } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';

/** One league with its seasons, for the headings and season choices of the league screens. */
export function useLeague(leagueId: number | undefined): League | null {
  const [league, setLeague] = useState<League | null>(null);
  useEffect(() => {
    setLeague(null);
    if (!leagueId) return;
    const controller = new AbortController();
    api(routes.league, { params: { leagueId }, signal: controller.signal }).then(setLeague, () => undefined);
    return () => controller.abort();
  }, [leagueId]);
  return league;
}

/** A route's id parameter as a number, or null when it is not a positive whole number. */
export function idParam(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2147483647 ? Number(value) : null;
}
