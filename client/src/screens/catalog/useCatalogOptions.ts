import { routes, type League, type Team } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';

/** The most a picker offers at once (a provider's leagues or teams of one sport). */
const PICKER_LIMIT = 1000;

/**
 * The leagues (with their seasons) and teams of a provider's sport, for the pickers of the match
 * and import forms; read again when `reloadKey` changes (after a save elsewhere on the screen).
 */
export function useCatalogOptions(providerId: number, sportId: number, reloadKey: unknown = 0) {
  const [leagues, setLeagues] = useState<League[]>([]);
  const [teams, setTeams] = useState<Team[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void Promise.all([
      api(routes.leagues, { params: { p: providerId, s: sportId }, query: { limit: PICKER_LIMIT, order_by: 'name' }, signal }),
      api(routes.teams, { query: { provider: providerId, sport: sportId, limit: PICKER_LIMIT, order_by: 'name' }, signal }),
    ])
      .then(([leagueReply, teamReply]) => {
        setLeagues(leagueReply.results);
        setTeams(teamReply.results);
      })
      .catch(() => {
        // Reported by the API client (or aborted: the screen moved on).
      });
    return () => controller.abort();
    // reloadKey asks for a fresh read.
  }, [providerId, sportId, reloadKey]);
  return { leagues, teams };
}

/** A datetime-local value (the browser's time zone) as the API's UTC timestamp; null when not a time. */
export function toTimestamp(local: unknown): string | null {
  const date = new Date(String(local ?? ''));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A UTC timestamp as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
