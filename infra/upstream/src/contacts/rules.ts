import { and, eq, inArray } from 'drizzle-orm';
import { CONTACT_DEFAULTS, DEVICE_CHANNEL_CODES, languageCodeError, type ContactCreateInput, type ContactLimiter } from '@odds/protocol';
import type { Queryable } from '../db/client';
import { leagues, lists, providerSports, providers, segments, sports, teams } from '../db/schema';
import { Errors } from '../errors';
import { channelOf, type ContactValues } from './contacts';
import { complianceValues } from '../engine/compliance/contact-fields';

type Provider = typeof providers.$inferSelect;

export async function providerOrNotFound(db: Queryable, providerId: number): Promise<Provider> {
  const [provider] = await db.select().from(providers).where(eq(providers.id, providerId));
  if (!provider) throw new Errors.NotFound('Provider', providerId);
  return provider;
}

/**
 * Every language must be one the product supports (SPEC §5, exact message) and one the provider
 * offers (its meta.languages limit the choices, SPEC §1).
 */
export function checkLanguages(provider: Provider, codes: readonly string[]): void {
  for (const code of codes) {
    const unsupported = languageCodeError(code);
    if (unsupported) throw new Errors.BadRequest(unsupported);
    if (!provider.meta.languages.includes(code)) {
      throw new Errors.BadRequest(`${provider.name} does not offer language '${code}'; choose from: ${provider.meta.languages.join(', ')}.`);
    }
  }
}

/** Empty text is no destination: the form may send '' for a field the operator cleared. */
const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * Checks a contact record against its provider and turns it into table values, applying the
 * defaults of SPEC §3 to what the body left out. Each rule answers 400 with what to fix.
 */
export async function contactValues(db: Queryable, provider: Provider, input: ContactCreateInput): Promise<ContactValues> {
  const name = input.name.trim();
  if (!name) throw new Errors.BadRequest('A contact needs a name.');
  const languages = input.languages ?? [...CONTACT_DEFAULTS.languages];
  checkLanguages(provider, languages);
  const sport = await providerSport(db, provider, input.sport_id ?? CONTACT_DEFAULTS.sport_id);
  const channel = channelOf(input.channel_id ?? CONTACT_DEFAULTS.channel_id);
  const destination = {
    email: text(input.email),
    twitter: text(input.twitter),
    deviceId: text(input.device_id),
    segment: text(input.segment),
    listId: text(input.list_id),
  };
  // Which destination a channel needs follows the contact form (SPEC §2): it shows only that field.
  if (channel.code === 'EMAIL' && !destination.email) throw new Errors.BadRequest('An EMAIL contact needs an email address.');
  if (channel.code === 'TWITTER' && !destination.twitter) throw new Errors.BadRequest('A TWITTER contact needs a twitter handle.');
  if ((DEVICE_CHANNEL_CODES as readonly string[]).includes(channel.code) && !destination.deviceId && !destination.segment && !destination.listId) {
    throw new Errors.BadRequest(`A ${channel.code} contact needs a device id, a segment or a list id.`);
  }
  if (destination.segment) await checkAudience(db, provider, 'segment', destination.segment);
  if (destination.listId) await checkAudience(db, provider, 'list', destination.listId);
  const leagueIds = input.leagues ?? [];
  const teamIds = input.teams ?? [];
  await checkSubscriptions(db, provider, sport, leagueIds, teamIds);
  return {
    providerId: provider.id,
    sportId: sport.id,
    channelId: channel.id,
    name,
    active: input.active ?? CONTACT_DEFAULTS.active,
    subAll: input.sub_all ?? CONTACT_DEFAULTS.sub_all,
    rateLimited: input.rate_limited ?? CONTACT_DEFAULTS.rate_limited,
    languages,
    ...destination,
    mobile: text(input.mobile),
    rawFilter: text(input.raw_filter),
    rateLimitMinutes: input.rate_limit_minutes ?? null,
    limiter: checkLimiter(input.limiter ?? {}, sport),
    leagueIds,
    teamIds,
    ...complianceValues(input.compliance),
  };
}

type Sport = typeof sports.$inferSelect;

async function providerSport(db: Queryable, provider: Provider, sportId: number): Promise<Sport> {
  const [row] = await db
    .select({ sport: sports, offered: providerSports.providerId })
    .from(sports)
    .leftJoin(providerSports, and(eq(providerSports.sportId, sports.id), eq(providerSports.providerId, provider.id)))
    .where(eq(sports.id, sportId));
  if (!row) throw new Errors.BadRequest(`Sport ${sportId} does not exist.`);
  if (row.offered === null) throw new Errors.BadRequest(`${provider.name} does not offer ${row.sport.name}.`);
  return row.sport;
}

const PERIOD_KEY = /^(market_push_p|period_push_p)(\d+)$/;

/**
 * Per-period caps exist only for the sport's periods (SPEC §9): football has 2, so a cap for
 * period 3 is refused rather than silently never applied. Empty caps are left out.
 */
function checkLimiter(limiter: ContactLimiter, sport: Sport): ContactLimiter {
  const kept: Record<string, number> = {};
  for (const [key, value] of Object.entries(limiter)) {
    if (value === null || value === undefined) continue;
    const period = PERIOD_KEY.exec(key);
    if (period && Number(period[2]) > sport.periods) {
      throw new Errors.BadRequest(`${sport.name} has ${sport.periods} periods, so limiter.${key} cannot be set.`);
    }
    kept[key] = value;
  }
  return kept as ContactLimiter;
}

/** A segment or list must be one of the provider's (GET segments / lists offer them by id). */
async function checkAudience(db: Queryable, provider: Provider, kind: 'segment' | 'list', id: string): Promise<void> {
  const table = kind === 'segment' ? segments : lists;
  const found = /^\d{1,9}$/.test(id)
    ? await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, Number(id)), eq(table.providerId, provider.id)))
    : [];
  if (!found.length) throw new Errors.BadRequest(`'${id}' is not a ${kind} of ${provider.name}.`);
}

/** Subscribed leagues and teams must be the provider's, of the contact's sport. */
async function checkSubscriptions(db: Queryable, provider: Provider, sport: Sport, leagueIds: number[], teamIds: number[]): Promise<void> {
  const missing = async (table: typeof leagues | typeof teams, ids: number[]) => {
    if (!ids.length) return [];
    const found = await db
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.id, ids), eq(table.providerId, provider.id), eq(table.sportId, sport.id)));
    return ids.filter((id) => !found.some((row) => row.id === id));
  };
  const unknownLeagues = await missing(leagues, leagueIds);
  if (unknownLeagues.length) {
    throw new Errors.BadRequest(`No ${sport.name} league of ${provider.name} has id ${unknownLeagues.join(', ')}.`);
  }
  const unknownTeams = await missing(teams, teamIds);
  if (unknownTeams.length) {
    throw new Errors.BadRequest(`No ${sport.name} team of ${provider.name} has id ${unknownTeams.join(', ')}.`);
  }
}
