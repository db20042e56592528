import type { Side, Team } from '@odds/protocol';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { OutcomeRatios } from './OutcomeRatios';
import type { TeamSideStats } from './useTeamSide';

const SIDES: { label: string; value: Side }[] = [
  { label: 'Home', value: 'home' },
  { label: 'Away', value: 'away' },
];

interface TeamPanelProps {
  index: 0 | 1;
  teams: readonly Team[];
  teamId: number | undefined;
  side: Side;
  stats: TeamSideStats;
  minScore: number;
  hasMarket: boolean;
  onTeam: (teamId: number | undefined) => void;
  onSide: (side: Side) => void;
}

/** One of the two teams: its choice, home/away toggle, record, apex outcome and outcome ratios. */
export function TeamPanel({ index, teams, teamId, side, stats, minScore, hasMarket, onTeam, onSide }: TeamPanelProps) {
  const id = `stats2-team-${index + 1}`;
  const label = `Team ${index + 1}`;
  const shown = stats.ratios.filter((r) => r.ratio >= minScore);
  return (
    <section className="team-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{teams.find((t) => t.id === teamId)?.name ?? label}</h2>
      <div className="team-panel-choices">
        <span className="field">
          <label htmlFor={id}>{label}</label>
          <Dropdown
            inputId={id}
            ariaLabel={label}
            pt={{ select: { 'aria-label': label } }}
            value={teamId ?? null}
            filter
            options={teams.map((t) => ({ label: t.name, value: t.id }))}
            placeholder="Choose a team"
            onChange={(e) => onTeam((e.value as number | null) ?? undefined)}
          />
        </span>
        <SelectButton value={side} options={SIDES} allowEmpty={false} onChange={(e) => onSide(e.value as Side)} aria-label={`${label} home or away`} />
      </div>
      {stats.record && (
        <p>
          {side === 'home' ? 'At home' : 'Away'}: played {stats.record.played}, won {stats.record.wins}, drawn {stats.record.draws}, lost {stats.record.losses}
          {'; '}win rate {stats.record.win_rate}%.
        </p>
      )}
      {hasMarket && (
        <>
          <p className="apex">
            Apex outcome: <strong>{stats.apex?.apex ?? 'none'}</strong>
            {/* Its base is every season of the league (the ratios below are this season's): said, so the two figures are not read as one. */}
            {stats.apex?.ratio !== null && stats.apex?.ratio !== undefined && ` (${stats.apex.ratio}% over every season of the league)`}
          </p>
          <OutcomeRatios ratios={shown} label={`${label} outcome ratios`} />
          {shown.length < stats.ratios.length && (
            <p className="muted">
              {stats.ratios.length - shown.length} outcome(s) below {minScore}% hidden.
            </p>
          )}
        </>
      )}
    </section>
  );
}
