import { asc, eq, sql } from 'drizzle-orm';
import type { Provider, ProviderControl, Sport } from '@odds/protocol';
import type { Db } from '../db/client';
import { providerControls, providerSports, providers, sports } from '../db/schema';
import { Errors } from '../errors';

export async function listProviders(db: Db, activeOnly: boolean, providerId?: number): Promise<Provider[]> {
  const rows = await db
    .select({ provider: providers, sport: sports })
    .from(providers)
    .leftJoin(providerSports, eq(providerSports.providerId, providers.id))
    .leftJoin(sports, eq(sports.id, providerSports.sportId))
    .where(providerId !== undefined ? eq(providers.id, providerId) : activeOnly ? eq(providers.active, true) : undefined)
    .orderBy(asc(providers.id), asc(sports.id));
  const byId = new Map<number, Provider>();
  for (const { provider, sport } of rows) {
    let entry = byId.get(provider.id);
    if (!entry) {
      entry = { id: provider.id, version: provider.version, name: provider.name, active: provider.active, meta: provider.meta, sports: [] };
      byId.set(provider.id, entry);
    }
    if (sport) entry.sports.push({ id: sport.id, name: sport.name, scores: sport.scores, periods: sport.periods });
  }
  return [...byId.values()];
}

export async function listSports(db: Db): Promise<Sport[]> {
  return db.select({ id: sports.id, name: sports.name }).from(sports).orderBy(asc(sports.id));
}

/** The provider resource's part of the Settings toggle: its active flag. */
export async function setProviderActive(db: Db, providerId: number, active: boolean): Promise<Provider> {
  const [updated] = await db.update(providers).set({ active }).where(eq(providers.id, providerId)).returning({ id: providers.id });
  if (!updated) throw new Errors.NotFound('Provider', providerId);
  return (await listProviders(db, false, providerId))[0]!;
}

/** The control resource's part: whether the engine works for the provider (one row per provider, upserted). */
export async function setProviderControl(db: Db, providerId: number, active: boolean): Promise<ProviderControl> {
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId));
  if (!provider) throw new Errors.NotFound('Provider', providerId);
  const [row] = await db
    .insert(providerControls)
    .values({ providerId, active })
    .onConflictDoUpdate({ target: providerControls.providerId, set: { active, lastModified: sql`now()` } })
    .returning();
  return { provider_id: row!.providerId, active: row!.active };
}
