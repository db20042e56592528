import type { Match } from '@odds/protocol';
import type { MatchLive } from '../../live/matchLive';
import { useMatchScore } from './useMatchScore';

/**
 * The header's score and minute ('2–1 · Live 35′', '3–3 a.e.t., 4–2 pens · Full-time'), live from
 * the match's watch; nothing before a fixture is known or kicks off but its kick-off time.
 */
export function MatchScore({ matchId, match, live }: { matchId: number; match: Match | null; live: MatchLive | null }) {
  const { phase, score, qualifier } = useMatchScore(matchId, match, live);
  if (!match && phase.kind === 'prematch') return null;
  const started = phase.kind !== 'prematch';
  return (
    <div className={`match-score match-score-${phase.kind}`} role="group" aria-label="Score and minute" data-testid="match-score">
      {started && <span className="match-scoreline">{score}</span>}
      {started && qualifier && <span className="match-score-qualifier">{qualifier}</span>}
      <span className="match-score-phase">
        {phase.label}
        {phase.kind === 'live' || phase.kind === 'prematch' ? ` ${phase.detail}` : ''}
      </span>
    </div>
  );
}
