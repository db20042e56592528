/**
 * The in-play pricing model of the demo feeds. Each side scores as an independent Poisson process;
 * the expected goals still to come shrink in step with the playing time left; a market's fair
 * probability is that of the final score landing in its outcome; the quoted odds carry the
 * bookmaker's margin: odds = 1 / (p × (1 + margin)), in thousandths, rounded to 0.01 as quoted,
 * between 1.01 and 1000.
 */

const MARGIN = 0.05;
const MAX_GOALS = 12;

/** P(X = k) for k = 0..MAX_GOALS, X ~ Poisson(lambda). */
export function poisson(lambda: number): number[] {
  const p: number[] = [Math.exp(-lambda)];
  for (let k = 1; k <= MAX_GOALS; k += 1) p.push((p[k - 1]! * lambda) / k);
  return p;
}

export interface Probabilities {
  home: number;
  draw: number;
  away: number;
  /** Over 2.5 total goals. */
  over: number;
  under: number;
  /** Both teams score. */
  yes: number;
  no: number;
}

/** Fair probabilities at a score, with `remainingHome`/`remainingAway` goals still expected. */
export function probabilities(goalsHome: number, goalsAway: number, remainingHome: number, remainingAway: number): Probabilities {
  const ph = poisson(remainingHome);
  const pa = poisson(remainingAway);
  const out = { home: 0, draw: 0, away: 0, over: 0, under: 0, yes: 0, no: 0 };
  for (let i = 0; i <= MAX_GOALS; i += 1) {
    for (let j = 0; j <= MAX_GOALS; j += 1) {
      const p = ph[i]! * pa[j]!;
      const h = goalsHome + i;
      const a = goalsAway + j;
      if (h > a) out.home += p;
      else if (h === a) out.draw += p;
      else out.away += p;
      if (h + a > 2.5) out.over += p;
      else out.under += p;
      if (h > 0 && a > 0) out.yes += p;
      else out.no += p;
    }
  }
  return out;
}

/** Quoted odds in thousandths for a fair probability. */
export function quote(probability: number, margin = MARGIN): number {
  if (probability <= 0) return 1_000_000;
  const decimal = 1 / (probability * (1 + margin));
  return Math.min(1_000_000, Math.max(1010, Math.round(decimal * 100) * 10));
}

export interface TeamRecord {
  played: number;
  scored: number;
  conceded: number;
}

/**
 * Pre-match expected goals (90 minutes) of each side from the tournament so far: the average
 * goals per team per match (mu) times the side's attack and the opponent's defence strength, each
 * shrunk towards average by three matches' worth of prior. World Cup matches are on neutral ground.
 */
export function expectedGoals(home: TeamRecord, away: TeamRecord, mu: number): { home: number; away: number } {
  const prior = 3;
  const strength = (goals: number, played: number) => (goals + mu * prior) / (played + prior) / mu;
  const clamp = (x: number) => Math.min(3.5, Math.max(0.25, x));
  return {
    home: clamp(mu * strength(home.scored, home.played) * strength(away.conceded, away.played)),
    away: clamp(mu * strength(away.scored, away.played) * strength(home.conceded, home.played)),
  };
}
