import { eq, inArray } from 'drizzle-orm';
import { languageCodeError, type Provider, type ProviderInput } from '@odds/protocol';
import type { Db } from '../../db/client';
import { providerSports, providers, sports } from '../../db/schema';
import { Errors } from '../../errors';
import { listProviders } from '../providers';
import { addStandardMarkets } from '../standard-markets';
import { required } from './synced';

/** The input checked against what exists: every language the product's (SPEC §8 message), every sport known. */
async function checked(db: Db, input: ProviderInput) {
  const name = required(input.name, 'The provider name');
  for (const code of input.languages) {
    const invalid = languageCodeError(code);
    if (invalid) throw new Errors.BadRequest(invalid);
  }
  const sportIds = [...new Set(input.sport_ids)];
  const known = await db.select({ id: sports.id }).from(sports).where(inArray(sports.id, sportIds));
  const unknown = sportIds.filter((id) => !known.some((s) => s.id === id));
  if (unknown.length) throw new Errors.BadRequest(`Unknown sport ${unknown.join(', ')}: choose sports the console knows.`);
  return { name, languages: [...new Set(input.languages)], sportIds };
}

async function setSports(db: Db, providerId: number, sportIds: number[]): Promise<void> {
  await db.delete(providerSports).where(eq(providerSports.providerId, providerId));
  await db.insert(providerSports).values(sportIds.map((sportId) => ({ providerId, sportId })));
}

/** A new provider with its sports, languages and their standard markets (in the caller's transaction). */
export async function createProvider(db: Db, input: ProviderInput): Promise<Provider> {
  const { name, languages, sportIds } = await checked(db, input);
  const [row] = await db
    .insert(providers)
    .values({ name, active: input.active ?? true, meta: { languages } })
    .returning({ id: providers.id });
  await setSports(db, row!.id, sportIds);
  await addStandardMarkets(db, row!.id, sportIds, languages);
  return (await listProviders(db, false, row!.id))[0]!;
}

/**
 * A provider's name, languages and sports. A sport taken away leaves its leagues, teams, matches
 * and markets in place (they are listed again once the sport is given back); a sport it never had
 * brings its standard markets.
 */
export async function updateProvider(db: Db, providerId: number, input: ProviderInput): Promise<Provider> {
  const { name, languages, sportIds } = await checked(db, input);
  const [updated] = await db
    .update(providers)
    .set({ name, meta: { languages }, ...(input.active !== undefined && { active: input.active }) })
    .where(eq(providers.id, providerId))
    .returning({ id: providers.id });
  if (!updated) throw new Errors.NotFound('Provider', providerId);
  await setSports(db, providerId, sportIds);
  await addStandardMarkets(db, providerId, sportIds, languages);
  return (await listProviders(db, false, providerId))[0]!;
}
