import { and, eq, sql } from 'drizzle-orm';
import type { League, LeagueCreateInput, LeagueUpdateInput, Season, SeasonInput } from '@odds/protocol';
import type { Db } from '../../db/client';
import { leagues, providerSports, seasons } from '../../db/schema';
import { Errors } from '../../errors';
import { getLeague, toSeason } from '../leagues';
import { assertNotVendorOwned, required } from './synced';

/** "Öresund Cup 2" → "oresund-cup-2": a unique id made from a name when none is given (accents dropped). */
const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'league';

/** A provider offers the sport (provider_sports), or the row would be listed nowhere. */
export async function assertProviderSport(db: Db, providerId: number, sportId: number): Promise<void> {
  const [offered] = await db
    .select({ providerId: providerSports.providerId })
    .from(providerSports)
    .where(and(eq(providerSports.providerId, providerId), eq(providerSports.sportId, sportId)));
  if (!offered) throw new Errors.BadRequest(`Provider ${providerId} does not offer sport ${sportId}: add the sport to the provider first.`);
}

const fields = (input: LeagueUpdateInput) => {
  const name = required(input.name, 'The league name');
  return { name, path: input.path?.trim() || name, uniqueId: input.unique_id?.trim() || slug(name) };
};

async function leagueOr404(db: Db, leagueId: number): Promise<League> {
  const record = await getLeague(db, leagueId);
  if (!record) throw new Errors.NotFound('League', leagueId);
  return record.league;
}

export async function createLeague(db: Db, input: LeagueCreateInput): Promise<League> {
  await assertProviderSport(db, input.provider_id, input.sport_id);
  const [row] = await db
    .insert(leagues)
    .values({ providerId: input.provider_id, sportId: input.sport_id, ...fields(input) })
    .returning({ id: leagues.id });
  return leagueOr404(db, row!.id);
}

/** A league's name, path and unique id; a synced league's name is the vendor's. */
export async function updateLeague(db: Db, leagueId: number, input: LeagueUpdateInput): Promise<League> {
  const [stored] = await db.select().from(leagues).where(eq(leagues.id, leagueId));
  if (!stored) throw new Errors.NotFound('League', leagueId);
  const next = fields(input);
  assertNotVendorOwned('League', leagueId, stored, next.name !== stored.name ? ['name'] : []);
  await db
    .update(leagues)
    .set({ ...next, lastModified: sql`now()` })
    .where(eq(leagues.id, leagueId));
  return leagueOr404(db, leagueId);
}

function seasonFields(input: SeasonInput) {
  const startsOn = input.starts_on ?? null;
  const endsOn = input.ends_on ?? null;
  if (startsOn && endsOn && endsOn < startsOn) throw new Errors.BadRequest(`The season cannot end (${endsOn}) before it starts (${startsOn}).`);
  return { name: required(input.name, 'The season name'), startsOn, endsOn };
}

export async function createSeason(db: Db, leagueId: number, input: SeasonInput): Promise<Season> {
  const [league] = await db.select({ id: leagues.id }).from(leagues).where(eq(leagues.id, leagueId));
  if (!league) throw new Errors.NotFound('League', leagueId);
  const [row] = await db
    .insert(seasons)
    .values({ leagueId, ...seasonFields(input) })
    .returning();
  return toSeason(row!);
}

/** A season's name and dates; a synced season's name is the vendor's. */
export async function updateSeason(db: Db, seasonId: number, input: SeasonInput): Promise<Season> {
  const [stored] = await db.select().from(seasons).where(eq(seasons.id, seasonId));
  if (!stored) throw new Errors.NotFound('Season', seasonId);
  const next = seasonFields(input);
  assertNotVendorOwned('Season', seasonId, stored, next.name !== stored.name ? ['name'] : []);
  const [row] = await db.update(seasons).set(next).where(eq(seasons.id, seasonId)).returning();
  return toSeason(row!);
}
