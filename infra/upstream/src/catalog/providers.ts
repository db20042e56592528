import { asc, eq } from 'drizzle-orm';
import type { Provider, Sport } from '@odds/protocol';
import type { Db } from '../db/client';
import { providerSports, providers, sports } from '../db/schema';

export async function listProviders(db: Db, activeOnly: boolean): Promise<Provider[]> {
  const rows = await db
    .select({ provider: providers, sport: sports })
    .from(providers)
    .leftJoin(providerSports, eq(providerSports.providerId, providers.id))
    .leftJoin(sports, eq(sports.id, providerSports.sportId))
    .where(activeOnly ? eq(providers.active, true) : undefined)
    .orderBy(asc(providers.id), asc(sports.id));
  const byId = new Map<number, Provider>();
  for (const { provider, sport } of rows) {
    let entry = byId.get(provider.id);
    if (!entry) {
      entry = { id: provider.id, name: provider.name, active: provider.active, meta: provider.meta, sports: [] };
      byId.set(provider.id, entry);
    }
    if (sport) entry.sports.push({ id: sport.id, name: sport.name, scores: sport.scores, periods: sport.periods });
  }
  return [...byId.values()];
}

export async function listSports(db: Db): Promise<Sport[]> {
  return db.select({ id: sports.id, name: sports.name }).from(sports).orderBy(asc(sports.id));
}
