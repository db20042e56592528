import { eq, sql } from 'drizzle-orm';
import type { Team, TeamCreateInput, TeamUpdateInput } from '@odds/protocol';
import type { Db } from '../../db/client';
import { teams } from '../../db/schema';
import { Errors } from '../../errors';
import { getTeam } from '../teams';
import { assertProviderSport } from './leagues';
import { assertNotVendorOwned, required, withOverride } from './synced';

/**
 * The connector of a new team: its name in lower case, as the seed's teams have it, so a team made
 * by hand joins the same real team of other providers at once (Teams' 'Connect To' changes it).
 */
export const teamKeyOf = (name: string) => name.trim().toLowerCase();

export async function createTeam(db: Db, input: TeamCreateInput): Promise<Team> {
  await assertProviderSport(db, input.provider_id, input.sport_id);
  const name = required(input.name, 'The team name');
  const [row] = await db
    .insert(teams)
    .values({ providerId: input.provider_id, sportId: input.sport_id, name, shortName: input.short_name?.trim() || null, teamKey: teamKeyOf(name) })
    .returning({ id: teams.id });
  return getTeam(db, row!.id);
}

/** A team's name and short name; on a synced team the name is the vendor's and the short name an override. */
export async function updateTeam(db: Db, teamId: number, input: TeamUpdateInput): Promise<Team> {
  const [stored] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!stored) throw new Errors.NotFound('Team', teamId);
  const name = required(input.name, 'The team name');
  const shortName = input.short_name === undefined ? stored.shortName : input.short_name?.trim() || null;
  assertNotVendorOwned('Team', teamId, stored, name !== stored.name ? ['name'] : []);
  await db
    .update(teams)
    .set({
      name,
      shortName,
      ...(shortName !== stored.shortName && { overrides: withOverride(teams, 'short_name') }),
      lastModified: sql`now()`,
    })
    .where(eq(teams.id, teamId));
  return getTeam(db, teamId);
}
