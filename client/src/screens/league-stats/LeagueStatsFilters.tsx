import type { HomeAway } from '@odds/protocol';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import type { LeagueStats } from './useLeagueStats';

const SIDE_OPTIONS: { label: string; value: HomeAway }[] = [
  { label: 'All', value: 'all' },
  { label: 'Home', value: 'home' },
  { label: 'Away', value: 'away' },
];

const named = (name: string) => ({ ariaLabel: name, pt: { select: { 'aria-label': name } } });

interface Props {
  stats: LeagueStats;
  seasonId?: number;
  teamId?: number;
  marketId?: number;
}

/** Season, team, optional other team, market and the Home/Away toggle (SPEC §2 League stats). */
export function LeagueStatsFilters({ stats, seasonId, teamId, marketId }: Props) {
  const teamOptions = stats.teams.map((t) => ({ label: t.name, value: t.id }));
  return (
    <div className="list-filters" role="group" aria-label="Statistics choices">
      <span className="field">
        <label htmlFor="stats-season">Season</label>
        <Dropdown
          inputId="stats-season"
          {...named('Season')}
          value={seasonId ?? null}
          options={(stats.league?.seasons ?? []).map((s) => ({ label: s.name, value: s.id }))}
          onChange={(e) => stats.setSeason(e.value as number)}
          placeholder="Season"
        />
      </span>
      <span className="field">
        <label htmlFor="stats-team">Team</label>
        <Dropdown
          inputId="stats-team"
          {...named('Team')}
          value={teamId ?? null}
          options={teamOptions}
          filter
          onChange={(e) => stats.setTeam((e.value as number | null) ?? undefined)}
          placeholder="Choose a team"
        />
      </span>
      <span className="field">
        <label htmlFor="stats-other-team">Other team</label>
        <Dropdown
          inputId="stats-other-team"
          {...named('Other team')}
          value={stats.otherTeamId}
          options={teamOptions.filter((t) => t.value !== teamId)}
          filter
          showClear
          onChange={(e) => stats.setOtherTeam((e.value as number | null) ?? null)}
          placeholder="Any opponent"
        />
      </span>
      <span className="field">
        <label htmlFor="stats-market">Market</label>
        <Dropdown
          inputId="stats-market"
          {...named('Market')}
          value={marketId ?? null}
          options={stats.markets.map((m) => ({ label: m.name, value: m.id }))}
          filter
          onChange={(e) => stats.setMarket((e.value as number | null) ?? undefined)}
          placeholder="Choose a market"
        />
      </span>
      <span className="field">
        <span className="field-label" id="stats-side-label">
          Home/Away
        </span>
        <SelectButton
          value={stats.side}
          options={SIDE_OPTIONS}
          allowEmpty={false}
          onChange={(e) => stats.setSide(e.value as HomeAway)}
          aria-labelledby="stats-side-label"
        />
      </span>
    </div>
  );
}
