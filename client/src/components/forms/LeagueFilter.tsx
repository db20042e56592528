import type { League } from '@odds/protocol';
import { Dropdown } from 'primereact/dropdown';

interface LeagueFilterProps {
  /** The field's id (its label points at it). */
  id: string;
  leagues: readonly Pick<League, 'id' | 'name'>[];
  leagueId: number | undefined;
  /** A league chosen, or undefined for all of them (the clear button). */
  onChange: (leagueId: number | undefined) => void;
}

/** The "League" filter of a list: one league of the provider, searchable, or all leagues. */
export function LeagueFilter({ id, leagues, leagueId, onChange }: LeagueFilterProps) {
  return (
    <span className="field">
      <label htmlFor={id}>League</label>
      <Dropdown
        inputId={id}
        value={leagueId ?? null}
        options={leagues.map((league) => ({ label: league.name, value: league.id }))}
        onChange={(e) => onChange((e.value as number | null) ?? undefined)}
        placeholder="All leagues"
        showClear
        filter
        ariaLabel="League"
        pt={{ select: { 'aria-label': 'League' } }}
      />
    </span>
  );
}
