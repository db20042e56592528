import { eq } from 'drizzle-orm';
import {
  formatOdds,
  RELATIVE_THRESHOLD_DEFAULTS,
  type MatchThresholdInput,
  type RangeThreshold,
  type RelativeThreshold,
  type ValueThreshold,
} from '@odds/protocol';
import { channelOf } from '../contacts/contacts';
import type { Queryable } from '../db/client';
import { contacts } from '../db/schema';
import { Errors } from '../errors';
import { marketWithType, type MarketWithType } from '../db/market-with-type';

export interface MatchRef {
  id: number;
  providerId: number;
  sportId: number;
}

/** A threshold set that passed every rule, ready to store. */
export interface CheckedSet {
  market: MarketWithType;
  contact: { id: number; name: string; channelId: number } | null;
  thresholds: Record<string, unknown>;
  line: number | null;
  timedBefore: number | null;
}

/**
 * Checks a threshold set against its match: the market must be one of the match's provider and
 * sport, the contact (optional) one of the provider's, the outcome keys those of the market's type.
 * Per type: VALUE min/max only for a FEED contact (SPEC §3) and min ≤ max; RANGE from ≤ to;
 * RELATIVE gets the defaults of SPEC §3 (RISE, VALUE, MINUTES, START) for what it leaves out.
 */
export async function checkThresholdSet(db: Queryable, match: MatchRef, input: MatchThresholdInput): Promise<CheckedSet> {
  const market = await marketWithType(db, input.market_id);
  if (!market) throw new Errors.BadRequest(`Market ${input.market_id} does not exist.`);
  if (market.market.providerId !== match.providerId || market.market.sportId !== match.sportId) {
    throw new Errors.BadRequest(`Market ${input.market_id} is not a market of this match's provider and sport.`);
  }
  const contact = input.contact_id ? await contactOf(db, match, input.contact_id) : null;
  const outcomes = market.type.outcomes;
  for (const key of Object.keys(input.thresholds)) {
    if (!outcomes.includes(key)) {
      throw new Errors.BadRequest(`'${key}' is not an outcome of ${market.market.name}; use ${outcomes.join(', ') || 'none'}.`);
    }
  }
  const line = input.line ?? null;
  if (line !== null && !market.market.dynamicLine) {
    throw new Errors.BadRequest(`${market.market.name} has a fixed line; leave the line empty.`);
  }
  if (input.saveAsTemplateDefault && !input.saveAsTemplate?.trim()) {
    throw new Errors.BadRequest("Name the template (saveAsTemplate) to make it the market's default.");
  }
  return { market, contact, thresholds: checkThresholds(input, contact), line, timedBefore: input.timed?.before ?? null };
}

function checkThresholds(input: MatchThresholdInput, contact: CheckedSet['contact']): Record<string, unknown> {
  switch (input.type) {
    case 'VALUE': {
      const feed = contact !== null && channelOf(contact.channelId).code === 'FEED';
      for (const [key, t] of Object.entries(input.thresholds) as [string, ValueThreshold][]) {
        if ((t.min !== undefined || t.max !== undefined) && !feed) {
          throw new Errors.BadRequest(`${key}: min and max apply only to a FEED contact.`);
        }
        if (t.min !== undefined && t.max !== undefined && t.min > t.max) {
          throw new Errors.BadRequest(`${key}: min ${formatOdds(t.min)} is above max ${formatOdds(t.max)}.`);
        }
      }
      return input.thresholds;
    }
    case 'RANGE':
      for (const [key, t] of Object.entries(input.thresholds) as [string, RangeThreshold][]) {
        if (t.from > t.to) throw new Errors.BadRequest(`${key}: from ${formatOdds(t.from)} is above to ${formatOdds(t.to)}.`);
      }
      return input.thresholds;
    case 'RELATIVE':
      return Object.fromEntries(
        Object.entries(input.thresholds as Record<string, RelativeThreshold>).map(([key, t]) => [key, { ...RELATIVE_THRESHOLD_DEFAULTS, ...definedOnly(t) }]),
      );
  }
}

const definedOnly = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;

async function contactOf(db: Queryable, match: MatchRef, contactId: number): Promise<CheckedSet['contact']> {
  const [contact] = await db
    .select({ id: contacts.id, name: contacts.name, channelId: contacts.channelId, providerId: contacts.providerId })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  if (!contact || contact.providerId !== match.providerId) {
    throw new Errors.BadRequest(`Contact ${contactId} is not a contact of this match's provider.`);
  }
  return { id: contact.id, name: contact.name, channelId: contact.channelId };
}
