import { count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { analyze } from '../db/statistics';
import { leagues, matches, operatorProviders, providerSports, providers, seasons, sports, teams, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { demoSeeders } from './pipeline';
import { demoProviders, demoSports } from './sports';
import { backfillResults, beyondRegularTime } from './results';
import { halfTime, kickOff, loadWorldCup, type WorldCup, type WorldCupMatch } from '../data/worldcup';

const DAY_MS = 86_400_000;

/**
 * Fills an empty database with demo data: sports and their scores definitions, providers, and the
 * real 2018 and 2022 World Cups (teams, seasons, matches with full-time and half-time scores).
 * Provider 2 carries the 2022 tournament too, connected to provider 1's matches by event id.
 * 'World Cup Classics' holds the 2022 knockout fixtures rescheduled from the day of the first
 * start, one a day, so upcoming matches (timeframe FUTURE) and live replays have real fixtures.
 * Runs once, in one transaction: a half-seeded database is never left behind. A database seeded
 * before matches kept extra time and penalties gets them filled in (backfillResults).
 */
/**
 * `simulatedStats`: the demo's recorded pushes get the sandbox model's figures, labelled simulated
 * (channels/push-report.ts), where the process simulates them (the embedded demo); off by default.
 */
export async function seedDemoData(db: Db, now = new Date(), { simulatedStats = false } = {}): Promise<boolean> {
  // The sports are reference data every database has (migration 0059): seeded means its providers.
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(providers);
  if (n > 0) {
    await backfillResults(db);
    return false;
  }
  await db.transaction(async (tx) => {
    await tx.insert(sports).values(demoSports).onConflictDoNothing();
    const providerRows = await tx
      .insert(providers)
      .values(demoProviders.map((p) => ({ name: p.name, active: p.active, meta: { languages: p.languages } })))
      .returning({ id: providers.id });
    await tx.insert(providerSports).values(demoProviders.flatMap((p, i) => p.sports.map((sportId) => ({ providerId: providerRows[i]!.id, sportId }))));
    const [first, second] = providerRows.map((r) => r.id) as [number, number];
    const wc2018 = loadWorldCup(2018);
    const wc2022 = loadWorldCup(2022);
    const nordicLeague = await insertLeague(tx, first, 'FIFA World Cup', 'International / FIFA World Cup', 'fifa-world-cup');
    await seedTournament(tx, first, nordicLeague, wc2018);
    await seedTournament(tx, first, nordicLeague, wc2022);
    const iberiaLeague = await insertLeague(tx, second, 'Copa Mundial de la FIFA', 'Internacional / Copa Mundial', 'fifa-world-cup');
    await seedTournament(tx, second, iberiaLeague, wc2022);
    await seedClassics(tx, first, wc2022, now);
    for (const seed of demoSeeders) await seed(tx, now, { simulatedStats });
  });
  // PGlite runs no autovacuum: plan the seeded tables by their real sizes (see db/statistics.ts).
  await analyze(db);
  return true;
}

/** Makes sure the demo operator can log in; an explicitly set DEMO_PASSWORD is (re)applied. */
/** The second demo operator's name (the first is 'Demo Operator'): who changed what reads well with two. */
export const OPS_NAME = 'Ops Operator';

export async function ensureDemoUser(db: Db, email: string, password: string, resetPassword: boolean, name = 'Demo Operator', admin = false): Promise<void> {
  const [existing] = await db
    .select({ id: users.id, admin: users.admin })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  // A database from before accounts had an admin flag: its demo operator becomes admin.
  if (existing && admin && !existing.admin) await db.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id));
  if (existing && !resetPassword) return;
  const passwordHash = await hashPassword(password);
  if (existing) await db.update(users).set({ passwordHash, status: 'active' }).where(eq(users.id, existing.id));
  // Two API processes starting together on one database both find none: the second insert is a no-op.
  else {
    const [created] = await db
      .insert(users)
      .values({ email, name, passwordHash, role: admin ? 'admin' : 'editor' })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // A demo editor sees every provider of the demo (an admin does without grants).
    const all = created && !admin ? await db.select({ id: providers.id }).from(providers) : [];
    if (all.length) await db.insert(operatorProviders).values(all.map((p) => ({ operatorId: created!.id, providerId: p.id })));
  }
}

async function insertLeague(tx: Tx, providerId: number, name: string, path: string, uniqueId: string): Promise<number> {
  const [row] = await tx.insert(leagues).values({ providerId, sportId: 1, name, path, uniqueId, eventSync: true }).returning({ id: leagues.id });
  return row!.id;
}

/** The provider's team for a name, created on first use; the lower-cased name is the connector key. */
async function teamIds(tx: Tx, providerId: number, names: string[]): Promise<Map<string, number>> {
  const existing = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.providerId, providerId));
  const ids = new Map(existing.map((t) => [t.name, t.id]));
  const missing = [...new Set(names)].filter((n) => !ids.has(n));
  if (missing.length) {
    const created = await tx
      .insert(teams)
      .values(missing.map((name) => ({ providerId, sportId: 1, name, teamKey: name.toLowerCase() })))
      .returning({ id: teams.id, name: teams.name });
    for (const t of created) ids.set(t.name, t.id);
  }
  return ids;
}

async function seedTournament(tx: Tx, providerId: number, leagueId: number, cup: WorldCup): Promise<void> {
  const starts = cup.matches.map((m) => kickOff(m, cup.year));
  const [season] = await tx
    .insert(seasons)
    .values({
      leagueId,
      name: String(cup.year),
      startsOn: isoDay(new Date(Math.min(...starts.map(Number)))),
      endsOn: isoDay(new Date(Math.max(...starts.map(Number)))),
    })
    .returning({ id: seasons.id });
  const ids = await teamIds(
    tx,
    providerId,
    cup.matches.flatMap((m) => [m.team1, m.team2]),
  );
  await tx.insert(matches).values(
    cup.matches.map((m, i) => ({
      ...matchRow(providerId, leagueId, season!.id, ids, m),
      start: starts[i]!,
      eventId: `wc${cup.year}-${String(i + 1).padStart(2, '0')}`,
      homeScore: m.score?.ft?.[0] ?? null,
      awayScore: m.score?.ft?.[1] ?? null,
      htHomeScore: halfTime(m)?.[0] ?? null,
      htAwayScore: halfTime(m)?.[1] ?? null,
      ...beyondRegularTime(m),
    })),
  );
}

async function seedClassics(tx: Tx, providerId: number, cup: WorldCup, now: Date): Promise<void> {
  const leagueId = await insertLeague(tx, providerId, 'World Cup Classics', 'Replays / World Cup Classics', 'wc-classics');
  const knockouts = cup.matches.filter((m) => !m.round.startsWith('Matchday'));
  // Tomorrow at 18:00 UTC, then one fixture a day.
  const firstKickOff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 18));
  const [season] = await tx
    .insert(seasons)
    .values({ leagueId, name: 'Replay', startsOn: isoDay(firstKickOff), endsOn: isoDay(new Date(firstKickOff.getTime() + knockouts.length * DAY_MS)) })
    .returning({ id: seasons.id });
  const ids = await teamIds(
    tx,
    providerId,
    knockouts.flatMap((m) => [m.team1, m.team2]),
  );
  await tx.insert(matches).values(
    knockouts.map((m, i) => ({
      ...matchRow(providerId, leagueId, season!.id, ids, m),
      start: new Date(firstKickOff.getTime() + i * DAY_MS),
      eventId: `classics-${cup.year}-${String(i + 1).padStart(2, '0')}`,
    })),
  );
}

function matchRow(providerId: number, leagueId: number, seasonId: number, ids: Map<string, number>, m: WorldCupMatch) {
  return {
    providerId,
    sportId: 1,
    leagueId,
    seasonId,
    homeTeamId: ids.get(m.team1)!,
    awayTeamId: ids.get(m.team2)!,
    name: `${m.team1} - ${m.team2}`,
    round: m.round,
    ground: m.ground ?? null,
    meta: { participants: participants(m) },
  };
}

/** The players the data names (goal scorers), per team, as the match's participants. */
function participants(m: WorldCupMatch): Record<string, { id: number; name: string; tag: string }[]> {
  const list = (goals: WorldCupMatch['goals1'], ownGoalsOfOther: WorldCupMatch['goals1']) => {
    const names = [...(goals ?? []).filter((g) => !g.owngoal), ...(ownGoalsOfOther ?? []).filter((g) => g.owngoal)].map((g) => g.name);
    return [...new Set(names)].map((name, i) => ({ id: i + 1, name, tag: name.split(' ').at(-1)!.toLowerCase() }));
  };
  return { [m.team1]: list(m.goals1, m.goals2), [m.team2]: list(m.goals2, m.goals1) };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
