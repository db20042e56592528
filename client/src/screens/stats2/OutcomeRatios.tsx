import type { OutcomeRatio } from '../../components/stats/statsQuery';

/** How often each outcome settled, with its match count: a team's side and the season's summary. */
export function OutcomeRatios({ ratios, label }: { ratios: readonly OutcomeRatio[]; label: string }) {
  return (
    <ul className="ratios" aria-label={label}>
      {ratios.map((r) => (
        <li key={r.outcome}>
          <span>{r.outcome}</span> <strong>{r.ratio}%</strong> <span className="muted">({r.matches})</span>
        </li>
      ))}
    </ul>
  );
}
