import { and, eq, inArray } from 'drizzle-orm';
import type { MarketMeta } from '@odds/protocol';
import type { Db } from '../db/client';
import { marketTypes, markets } from '../db/schema';

/**
 * The markets a provider starts with, per sport (docs/catalog.md): a new provider made in the
 * console gets those of its sports, as the demo's providers do, so a synced match has odds to
 * show and thresholds to set from its first feed message. Named in the provider's first language,
 * with outcome mappings (the labels its odds feed uses) and settings an admin tunes on the Markets
 * screen. Threshold values are decimal odds in thousandths (2.50 is 2500), bounded by {key}_min and
 * {key}_max. The market types they belong to are reference data (migration 0060, events/outcomes.ts);
 * their outcome keys are read from the database, as an admin may have added some.
 */

interface MarketSeed {
  typeId: number;
  name: [en: string, es: string];
  line?: number;
  dynamicLine?: boolean;
  /** Default odds threshold per outcome, with its min and max, in thousandths. */
  thresholds: Record<string, [value: number, min: number, max: number]>;
  minutes?: [first: number, last: number];
  maxThreshold?: number;
}

const GOAL_TYPES = [1, 2, 3];

/** Labels the provider's odds use per outcome key (a Spanish-language feed labels over/under Más/Menos). */
function outcomeMapping(outcomes: string[], spanish: boolean): Record<string, string> {
  const labels: Record<string, [string, string]> = {
    home: ['1', '1'],
    draw: ['X', 'X'],
    away: ['2', '2'],
    over: ['Over', 'Más'],
    under: ['Under', 'Menos'],
    yes: ['Yes', 'Sí'],
    no: ['No', 'No'],
    other: ['Any other score', 'Otro resultado'],
  };
  return Object.fromEntries(outcomes.map((key) => [key, labels[key]?.[spanish ? 1 : 0] ?? key.replace(/^H(\d+)-A(\d+)$/, '$1-$2')]));
}

const FOOTBALL: MarketSeed[] = [
  { typeId: 1, name: ['Match Result', 'Resultado del partido'], thresholds: { home: [2500, 1200, 8000], draw: [3400, 2600, 6000], away: [3000, 1200, 9000] } },
  {
    typeId: 2,
    name: ['Over/Under 1.5 Goals', 'Más/Menos de 1.5 goles'],
    line: 1500,
    thresholds: { over: [1350, 1050, 2200], under: [3200, 2000, 6000] },
    minutes: [0, 75],
  },
  {
    typeId: 2,
    name: ['Over/Under 2.5 Goals', 'Más/Menos de 2.5 goles'],
    line: 2500,
    thresholds: { over: [1900, 1300, 3500], under: [1950, 1300, 3500] },
    minutes: [0, 80],
  },
  {
    typeId: 2,
    name: ['Over/Under 3.5 Goals', 'Más/Menos de 3.5 goles'],
    line: 3500,
    thresholds: { over: [3100, 2000, 6500], under: [1380, 1100, 2000] },
    minutes: [0, 80],
  },
  { typeId: 10, name: ['Both Teams to Score', 'Ambos equipos marcan'], thresholds: { yes: [1800, 1300, 3200], no: [2000, 1400, 3500] }, minutes: [0, 80] },
  {
    typeId: 14,
    name: ['Handicap -1', 'Hándicap -1'],
    line: -1000,
    dynamicLine: true,
    thresholds: { home: [3600, 2000, 8000], draw: [3800, 3000, 6000], away: [1900, 1300, 3000] },
  },
  {
    typeId: 14,
    name: ['Handicap +1', 'Hándicap +1'],
    line: 1000,
    dynamicLine: true,
    thresholds: { home: [1500, 1150, 2500], draw: [4300, 3200, 7000], away: [5200, 3000, 12000] },
  },
  {
    typeId: 3,
    name: ['Correct Score', 'Resultado exacto'],
    thresholds: { 'H1-A0': [6500, 5000, 11000], 'H1-A1': [6000, 5000, 9000], 'H2-A1': [9000, 7000, 15000], 'H0-A0': [9500, 7000, 15000] },
    minutes: [0, 70],
    maxThreshold: 1,
  },
  {
    typeId: 7,
    name: ['Half-time Result', 'Resultado al descanso'],
    thresholds: { home: [3200, 1500, 9000], draw: [2100, 1500, 3500], away: [3900, 1500, 11000] },
    minutes: [0, 40],
  },
  { typeId: 12, name: ['Draw No Bet', 'Empate no válido'], thresholds: { home: [1700, 1100, 5000], away: [2200, 1100, 6000] } },
];

const OTHER_SPORTS: Record<number, MarketSeed[]> = {
  2: [
    {
      typeId: 201,
      name: ['Match Result (60 minutes)', 'Resultado (60 minutos)'],
      thresholds: { home: [2300, 1300, 6000], draw: [4200, 3500, 6000], away: [2800, 1300, 7000] },
      minutes: [0, 55],
    },
    {
      typeId: 202,
      name: ['Over/Under 5.5 Goals', 'Más/Menos de 5.5 goles'],
      line: 5500,
      thresholds: { over: [1950, 1300, 3500], under: [1850, 1300, 3500] },
      minutes: [0, 55],
    },
    {
      typeId: 214,
      name: ['Puck Line -1.5', 'Línea de puck -1.5'],
      line: -1500,
      dynamicLine: true,
      thresholds: { home: [2900, 1800, 6000], away: [1420, 1100, 2200] },
      minutes: [0, 55],
    },
  ],
  3: [
    { typeId: 301, name: ['Match Winner', 'Ganador del partido'], thresholds: { home: [1600, 1050, 6000], away: [2350, 1050, 8000] }, minutes: [0, 200] },
    {
      typeId: 302,
      name: ['Over/Under 2.5 Sets', 'Más/Menos de 2.5 sets'],
      line: 2500,
      thresholds: { over: [2500, 1600, 4000], under: [1500, 1150, 2400] },
      minutes: [0, 200],
    },
    {
      typeId: 303,
      name: ['Set Betting', 'Apuesta por sets'],
      thresholds: { 'H2-A0': [2400, 1500, 6000], 'H0-A2': [4800, 2500, 12000] },
      minutes: [0, 200],
      maxThreshold: 1,
    },
  ],
  4: [
    { typeId: 401, name: ['Money Line', 'Ganador (incl. prórroga)'], thresholds: { home: [1650, 1050, 5000], away: [2250, 1050, 6000] }, minutes: [0, 45] },
    {
      typeId: 402,
      name: ['Over/Under 160.5 Points', 'Más/Menos de 160.5 puntos'],
      line: 160_500,
      dynamicLine: true,
      thresholds: { over: [1900, 1500, 2600], under: [1900, 1500, 2600] },
      minutes: [0, 45],
    },
    {
      typeId: 414,
      name: ['Point Spread -5.5', 'Hándicap -5.5'],
      line: -5500,
      dynamicLine: true,
      thresholds: { home: [1900, 1500, 2600], away: [1900, 1500, 2600] },
      minutes: [0, 45],
    },
  ],
};

function meta(seed: MarketSeed, index: number): MarketMeta {
  const thresholds: Record<string, number> = {};
  for (const [key, [value, min, max]] of Object.entries(seed.thresholds)) Object.assign(thresholds, { [key]: value, [`${key}_min`]: min, [`${key}_max`]: max });
  const [first, last] = seed.minutes ?? [0, 85];
  return {
    first_minute: first,
    last_minute: last,
    send_delay_minutes: 1 + (index % 3),
    max_threshold: seed.maxThreshold ?? 3,
    pass_threshold: 1,
    pass_threshold_timeout: 300 + 60 * (index % 5),
    thresholds,
    market_map: { feed_market_type: seed.typeId, period: [7, 8, 11].includes(seed.typeId) ? '1H' : 'FT' },
    line: seed.line ?? null,
    player_market: false,
    // Which stat events the market's statistics count; half-time types only the first half's.
    ...(seed.typeId < 100 && {
      queries: { bool: { must: [{ terms: { type: GOAL_TYPES } }, ...([7, 8, 11].includes(seed.typeId) ? [{ term: { period: 1 } }] : [])] } },
    }),
    summary: { name: 'outcome_ratio', args: { market_type_id: seed.typeId, last_n: 10 } },
  };
}

/**
 * The standard markets of one sport as rows of `markets`, named in English or Spanish, for the
 * market types `outcomesOf` knows (their outcome keys).
 */
export function standardMarketRows(
  providerId: number,
  sportId: number,
  spanish: boolean,
  outcomesOf: (typeId: number) => string[] | undefined,
): (typeof markets.$inferInsert)[] {
  const seeds = sportId === 1 ? FOOTBALL : (OTHER_SPORTS[sportId] ?? []);
  return seeds.flatMap((seed, i) => {
    const outcomes = outcomesOf(seed.typeId);
    if (!outcomes) return [];
    return [
      {
        providerId,
        sportId,
        typeId: seed.typeId,
        name: seed.name[spanish ? 1 : 0],
        line: seed.line ?? null,
        dynamicLine: seed.dynamicLine ?? false,
        meta: meta(seed, i),
        outcomeMapping: outcomeMapping(outcomes, spanish),
      },
    ];
  });
}

/**
 * Gives a provider the standard markets of each of `sportIds` it has none of yet (a sport given
 * again keeps the markets it had), for the market types the deployment has. In the caller's transaction.
 */
export async function addStandardMarkets(db: Db, providerId: number, sportIds: number[], languages: string[]): Promise<void> {
  if (!sportIds.length) return;
  const spanish = languages[0]?.startsWith('es') ?? false;
  const have = await db
    .select({ sportId: markets.sportId })
    .from(markets)
    .where(and(eq(markets.providerId, providerId), inArray(markets.sportId, sportIds)));
  const types = new Map((await db.select({ id: marketTypes.id, outcomes: marketTypes.outcomes }).from(marketTypes)).map((t) => [t.id, t.outcomes]));
  const rows = sportIds
    .filter((sportId) => !have.some((m) => m.sportId === sportId))
    .flatMap((sportId) => standardMarketRows(providerId, sportId, spanish, (typeId) => types.get(typeId)));
  if (rows.length) await db.insert(markets).values(rows);
}
