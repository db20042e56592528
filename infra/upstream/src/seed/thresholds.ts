import { and, asc, eq, gt } from 'drizzle-orm';
import { RELATIVE_THRESHOLD_DEFAULTS, type MarketMeta } from '@odds/protocol';
import type { Tx } from '../db/client';
import { contacts, leagues, marketTypes, markets, matches, savedThresholds, thresholdSets } from '../db/schema';

/**
 * Saved threshold templates for every market, built from the market's own settings (its
 * meta.thresholds value and {key}_max per outcome), and threshold sets of the three kinds on the
 * next Classics fixtures for the match result and over/under 2.5 markets. With no markets seeded
 * there is nothing to set thresholds on, and this step writes nothing.
 */

type Thresholds = Record<string, unknown>;
interface MarketRow {
  id: number;
  providerId: number;
  name: string;
  typeId: number;
  line: number | null;
  dynamicLine: boolean;
  meta: MarketMeta;
  outcomes: string[];
  evaluator: string | null;
}

const isOdds = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1000 && n <= 1_000_000;
const isLineOption = (n: number | null) => n !== null && Math.abs(n) <= 18_000 && n % 500 === 0;

/** Per outcome of the type, what `build` makes of its meta value and max; outcomes without a valid value are left out. */
function perOutcome(market: MarketRow, build: (value: number, max: number, key: string) => unknown): Thresholds | null {
  const meta = market.meta.thresholds ?? {};
  const entries = market.outcomes.flatMap((key) => {
    const value = meta[key];
    if (!isOdds(value)) return [];
    const max = isOdds(meta[`${key}_max`]) && meta[`${key}_max`]! > value ? meta[`${key}_max`]! : value + 1000;
    return [[key, build(value, max, key)] as const];
  });
  return entries.length ? Object.fromEntries(entries) : null;
}

const sharpDrop = (percent: number, minutes: number) => ({
  ...RELATIVE_THRESHOLD_DEFAULTS,
  direction: 'DROP',
  metric: 'PERCENT',
  value: percent,
  time_amount: minutes,
  time_basis: 'GAME',
});

export async function seedThresholds(tx: Tx, now: Date): Promise<void> {
  const marketRows: MarketRow[] = await tx
    .select({
      id: markets.id,
      providerId: markets.providerId,
      name: markets.name,
      typeId: markets.typeId,
      line: markets.line,
      dynamicLine: markets.dynamicLine,
      meta: markets.meta,
      outcomes: marketTypes.outcomes,
      evaluator: marketTypes.evaluator,
    })
    .from(markets)
    .innerJoin(marketTypes, eq(marketTypes.id, markets.typeId))
    .orderBy(asc(markets.id));
  if (!marketRows.length) return;
  const feedContacts = await tx.select({ id: contacts.id, providerId: contacts.providerId }).from(contacts).where(eq(contacts.channelId, 4));

  const templates: (typeof savedThresholds.$inferInsert)[] = [];
  for (const market of marketRows) {
    const line = market.dynamicLine && isLineOption(market.line) ? market.line : null;
    const base = { providerId: market.providerId, marketId: market.id, line };
    const standard = perOutcome(market, (value) => ({ value }));
    if (!standard) continue;
    templates.push({ ...base, name: 'Standard alert', isDefault: true, type: 'VALUE', thresholds: standard });
    templates.push({
      ...base,
      name: 'Long-odds window',
      isDefault: false,
      type: 'RANGE',
      thresholds: perOutcome(market, (value, max) => ({ from: value, to: max }))!,
    });
    if (market.evaluator === 'win_draw' || market.evaluator === 'over_under') {
      templates.push({
        ...base,
        name: 'Sharp drop – 10% in 5 min',
        isDefault: false,
        type: 'RELATIVE',
        thresholds: perOutcome(market, () => sharpDrop(10, 5))!,
      });
      const feed = feedContacts.find((c) => c.providerId === market.providerId);
      if (feed) {
        templates.push({
          ...base,
          name: 'Feed partner – bounded value',
          isDefault: false,
          type: 'VALUE',
          contactId: feed.id,
          channelId: 4,
          thresholds: perOutcome(market, (value, max) => ({ value, min: value, max }))!,
        });
      }
    }
  }
  if (templates.length) await tx.insert(savedThresholds).values(templates);
  await seedMatchSets(tx, now, marketRows);
}

/** VALUE, RANGE and RELATIVE sets on the next three Classics fixtures, each set for a different contact. */
async function seedMatchSets(tx: Tx, now: Date, marketRows: MarketRow[]): Promise<void> {
  const [classics] = await tx.select({ id: leagues.id, providerId: leagues.providerId }).from(leagues).where(eq(leagues.uniqueId, 'wc-classics'));
  if (!classics) return;
  const ofProvider = marketRows.filter((m) => m.providerId === classics.providerId);
  const result = ofProvider.find((m) => m.evaluator === 'win_draw' && m.outcomes.includes('draw'));
  const overUnder = ofProvider.find((m) => m.evaluator === 'over_under' && m.line === 2500) ?? ofProvider.find((m) => m.evaluator === 'over_under');
  const upcoming = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.leagueId, classics.id), gt(matches.start, now)))
    .orderBy(asc(matches.start))
    .limit(3);
  const contactId = async (name: string) =>
    (
      await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.name, name), eq(contacts.providerId, classics.providerId)))
    )[0]?.id ?? null;
  const danishFans = await contactId('iOS app – Danish football fans');
  const telegram = await contactId('Telegram – odds boost channel');
  const swedes = await contactId('Android app – Swedish in-play bettors');
  const feed = await contactId('Feed – trading partner odds feed');

  const rows: (typeof thresholdSets.$inferInsert)[] = [];
  upcoming.forEach((match, i) => {
    // Each fixture gets slightly different values, as an operator tunes them per match.
    const shift = 100 * i;
    const add = (market: MarketRow | undefined, contact: number | null, type: string, thresholds: Thresholds | null, timedBefore: number | null = null) => {
      if (market && thresholds) rows.push({ matchId: match.id, marketId: market.id, contactId: contact, type, thresholds, timedBefore });
    };
    if (result) {
      add(
        result,
        null,
        'VALUE',
        perOutcome(result, (value) => ({ value: value + shift })),
        i === 0 ? 90 : null,
      );
      add(
        result,
        danishFans,
        'RANGE',
        perOutcome(result, (value, max) => ({ from: value - 200 + shift, to: Math.min(max, value + 800) + shift })),
      );
      add(
        result,
        telegram,
        'RELATIVE',
        perOutcome(result, (_, __, key) => (key === 'draw' ? { ...RELATIVE_THRESHOLD_DEFAULTS, value: 300, time_amount: 10 } : sharpDrop(8 + i, 10))),
      );
    }
    if (overUnder) {
      add(
        overUnder,
        feed,
        'VALUE',
        perOutcome(overUnder, (value, max) => (feed ? { value: value + shift, min: value - 100, max } : { value: value + shift })),
      );
      add(
        overUnder,
        null,
        'RANGE',
        perOutcome(overUnder, (value, max) => ({ from: value + shift, to: max })),
      );
      add(
        overUnder,
        swedes,
        'RELATIVE',
        perOutcome(overUnder, () => ({
          ...RELATIVE_THRESHOLD_DEFAULTS,
          value: 15,
          metric: 'PERCENT',
          time_amount: 90,
          time_unit: 'SECONDS',
          time_basis: 'REAL',
        })),
      );
    }
  });
  if (rows.length) await tx.insert(thresholdSets).values(rows);
}
