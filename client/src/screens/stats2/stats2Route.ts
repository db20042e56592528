import type { SelectionBehaviour, Side } from '@odds/protocol';

/** What the path of a stats 2 view holds (SPEC §2 route table). */
export interface Stats2Route {
  leagueId: number;
  seasonId?: number;
  teamId?: number;
  otherTeamId?: number;
  marketId?: number;
}

export function stats2Path({ leagueId, seasonId, teamId, otherTeamId, marketId }: Stats2Route): string {
  let path = `/league/${leagueId}/stats2`;
  if (!seasonId) return path;
  path += `/${seasonId}/teams`;
  if (!teamId || !otherTeamId) return path;
  path += `/${teamId}/${otherTeamId}`;
  return marketId ? `${path}/market/${marketId}` : path;
}

export const BEHAVIOURS: readonly { value: SelectionBehaviour; label: string }[] = [
  { value: 'historical_favourite', label: 'historical_favourite' },
  { value: 'all', label: 'all' },
  { value: 'odd_favourite', label: 'odd_favourite' },
];

/** The choices kept in the query: last n (0 is the season), behaviour, minimum %, templates, each side's home/away. */
export interface Stats2Options {
  last: number;
  behaviour: SelectionBehaviour;
  minScore: number;
  showTemplates: boolean;
  sides: [Side, Side];
}

const side = (value: string | null, fallback: Side): Side => (value === 'home' || value === 'away' ? value : fallback);

export function readStats2Options(search: URLSearchParams): Stats2Options {
  const last = Number(search.get('last'));
  const min = Number(search.get('min'));
  const behaviour = BEHAVIOURS.find((b) => b.value === search.get('behaviour'))?.value ?? 'historical_favourite';
  return {
    last: Number.isInteger(last) && last >= 0 && last <= 39 ? last : 0,
    behaviour,
    minScore: Number.isInteger(min) && min >= 0 && min <= 100 ? min : 0,
    showTemplates: search.get('templates') === '1',
    sides: [side(search.get('side1'), 'home'), side(search.get('side2'), 'away')],
  };
}

/** The query for options, defaults left out. */
export function writeStats2Options(search: URLSearchParams, options: Stats2Options): URLSearchParams {
  const next = new URLSearchParams(search);
  const put = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  put('last', options.last ? String(options.last) : null);
  put('behaviour', options.behaviour === 'historical_favourite' ? null : options.behaviour);
  put('min', options.minScore ? String(options.minScore) : null);
  put('templates', options.showTemplates ? '1' : null);
  put('side1', options.sides[0] === 'home' ? null : options.sides[0]);
  put('side2', options.sides[1] === 'away' ? null : options.sides[1]);
  return next;
}
