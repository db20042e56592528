import { existsSync, readFileSync } from 'node:fs';

/** A match of the openfootball World Cup files (CC0), as shipped under infra/upstream/seed-data/. */
export interface WorldCupMatch {
  round: string;
  date: string;
  time: string;
  team1: string;
  team2: string;
  score?: { ft?: [number, number]; ht?: [number, number]; et?: [number, number]; p?: [number, number] };
  goals1?: Goal[];
  goals2?: Goal[];
  group?: string;
  ground?: string;
}
export interface Goal { name: string; minute: number; offset?: number; penalty?: boolean; owngoal?: boolean }

export interface WorldCup { year: number; name: string; matches: WorldCupMatch[] }

/** Qatar 2022's file gives local kick-off times without an offset; Qatar is UTC+3. */
const DEFAULT_UTC_OFFSET: Record<number, number> = { 2022: 3 };

export function loadWorldCup(year: 2018 | 2022): WorldCup {
  // Beside the sources (infra/upstream/seed-data), or beside the bundle (dist/seed-data).
  const url = [`../../seed-data/worldcup-${year}.json`, `./seed-data/worldcup-${year}.json`]
    .map((path) => new URL(path, import.meta.url)).find((candidate) => existsSync(candidate))
    ?? new URL(`../../seed-data/worldcup-${year}.json`, import.meta.url);
  const data = JSON.parse(readFileSync(url, 'utf8')) as { name: string; matches: WorldCupMatch[] };
  return { year, name: data.name, matches: data.matches };
}

/** Kick-off in UTC from the file's date and `HH:MM[ UTC±N]`. */
export function kickOff(match: WorldCupMatch, year: number): Date {
  const m = /^(\d{1,2}):(\d{2})(?:\s*UTC([+-]\d{1,2}))?$/.exec(match.time.trim());
  if (!m) throw new Error(`Unreadable kick-off time '${match.time}'`);
  const offset = m[3] !== undefined ? Number(m[3]) : (DEFAULT_UTC_OFFSET[year] ?? 0);
  const [y, mo, d] = match.date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, Number(m[1]) - offset, Number(m[2])));
}

/**
 * The half-time score: the file's, or where it gives none (seven 2022 matches, Ghana - Uruguay
 * 0-2 among them) the goals of the first half (minute 45 and its stoppage time), when the goal
 * lists account for the whole full-time score. Null when neither says.
 */
export function halfTime(match: WorldCupMatch): [number, number] | null {
  if (match.score?.ht) return match.score.ht;
  const ft = match.score?.ft;
  const goals1 = match.goals1 ?? [];
  const goals2 = match.goals2 ?? [];
  if (!ft || goals1.length !== ft[0] || goals2.length !== ft[1]) return null;
  const firstHalf = (goals: Goal[]) => goals.filter((goal) => goal.minute <= 45).length;
  return [firstHalf(goals1), firstHalf(goals2)];
}
