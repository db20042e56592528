import { LAST_N_OPTIONS, type SelectionBehaviour } from '@odds/protocol';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { Checkbox } from 'primereact/checkbox';
import { BEHAVIOURS, type Stats2Route } from './stats2Route';
import type { Stats2 } from './useStats2';

const named = (name: string) => ({ ariaLabel: name, pt: { select: { 'aria-label': name } } });
const LAST_N = LAST_N_OPTIONS.map((o) => ({ label: o.label, value: o.value }));

/** Season, market, last n ('Season', 'Last 1' … 'Last 39'), selection behaviour, minimum score %, show templates. */
export function Stats2Controls({ stats, route }: { stats: Stats2; route: Stats2Route }) {
  const bothTeams = Boolean(route.teamId && route.otherTeamId);
  return (
    <div className="list-filters" role="group" aria-label="Statistics choices">
      <span className="field">
        <label htmlFor="stats2-season">Season</label>
        <Dropdown
          inputId="stats2-season"
          {...named('Season')}
          value={route.seasonId ?? null}
          placeholder="Season"
          options={(stats.league?.seasons ?? []).map((s) => ({ label: s.name, value: s.id }))}
          onChange={(e) => stats.setSeason(e.value as number)}
        />
      </span>
      <span className="field">
        <label htmlFor="stats2-market">Market</label>
        <Dropdown
          inputId="stats2-market"
          {...named('Market')}
          value={route.marketId ?? null}
          filter
          disabled={!bothTeams}
          placeholder={bothTeams ? 'Choose a market' : 'Choose two teams first'}
          options={stats.markets.map((m) => ({ label: m.name, value: m.id }))}
          onChange={(e) => stats.setMarket(e.value as number)}
        />
      </span>
      <span className="field">
        <label htmlFor="stats2-last">Matches</label>
        <Dropdown
          inputId="stats2-last"
          {...named('Matches')}
          value={stats.options.last}
          options={LAST_N}
          scrollHeight="20rem"
          onChange={(e) => stats.setOptions({ last: e.value as number })}
        />
      </span>
      <span className="field">
        <label htmlFor="stats2-behaviour">Selection behaviour</label>
        <Dropdown
          inputId="stats2-behaviour"
          {...named('Selection behaviour')}
          value={stats.options.behaviour}
          options={[...BEHAVIOURS]}
          onChange={(e) => stats.setOptions({ behaviour: e.value as SelectionBehaviour })}
        />
      </span>
      <span className="field">
        <label htmlFor="stats2-min">Minimum score %</label>
        <InputNumber
          inputId="stats2-min"
          value={stats.options.minScore}
          min={0}
          max={100}
          suffix="%"
          useGrouping={false}
          onValueChange={(e) => stats.setOptions({ minScore: Math.round(e.value ?? 0) })}
        />
      </span>
      <span className="field field-inline">
        <Checkbox inputId="stats2-templates" checked={stats.options.showTemplates} onChange={(e) => stats.setOptions({ showTemplates: Boolean(e.checked) })} />
        <label htmlFor="stats2-templates">Show templates</label>
      </span>
    </div>
  );
}
