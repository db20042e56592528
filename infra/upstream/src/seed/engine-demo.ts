import { defaultWebhookSettings } from '../engine/channels/webhook-settings';
import type { SeedOptions } from './options';
import { and, arrayOverlaps, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { MatchContentParts } from '@odds/protocol';
import type { Tx } from '../db/client';
import {
  contentCategories,
  contentItems,
  leagues,
  marketTypes,
  markets,
  matchContents,
  matches,
  providers,
  savedThresholds,
  thresholdSets,
} from '../db/schema';
import { Engine } from '../engine/engine';
import { generateFeed } from '../feeds/generate-feed';
import { kickOffOffset, toMessage } from '../feeds/jsonl';
import { kickOff, loadWorldCup } from '../data/worldcup';

/**
 * Engine demo (pipeline step 4, last): three 2022 World Cup matches of the first provider played
 * through the real engine, so the Graph, Feed, Delivery and Reports screens have history on the
 * first start. Each match's feed is generated from its real goals (feeds/generate-feed.ts, the
 * same model as infra/feeds/) and ingested at its real 2022 times. What the engine needs and the
 * earlier steps left out for these matches is filled in from their own data: threshold sets from
 * each market's default saved threshold (plus a sharp-drop alert on the match result), and
 * in-play match content assembled from the provider's content items for the market, as Auto Build
 * would. Deliveries are recorded (no channel is reached while seeding), pushes with the sandbox
 * report of channels/push-report.ts as of now.
 */

const DEMO_MATCHES: [home: string, away: string, round: string][] = [
  ['England', 'France', 'Quarter-finals'],
  ['Argentina', 'Croatia', 'Semi-finals'],
  ['Argentina', 'France', 'Final'],
];
/** Markets the demo feeds quote: match result, over/under 2.5, both teams to score. */
const FEED_MARKETS: [typeId: number, line: number | null][] = [
  [1, null],
  [2, 2500],
  [10, null],
];

/**
 * Email copy for over/under 2.5 that the provider's content items lack: an Email needs a subject,
 * and its items hold only an 'over' body. Subject per outcome, and an 'under' body, per language.
 */
const OU_EMAIL: Record<string, { over: string; under: string; underBody: string }> = {
  en: {
    over: 'Goals expected: over 2.5 at {{odds.over}}',
    under: 'A tight game: under 2.5 at {{odds.under}}',
    underBody: '{{home.name}} and {{away.name}} have kept it tight so far. Under 2.5 goals is now {{odds.under}}.',
  },
  sv: {
    over: 'Mål väntas: över 2,5 till {{odds.over}}',
    under: 'Jämn match: under 2,5 till {{odds.under}}',
    underBody: '{{home.name}} och {{away.name}} har hållit det tätt hittills. Under 2,5 mål ger nu {{odds.under}}.',
  },
  no: {
    over: 'Mål i vente: over 2,5 til {{odds.over}}',
    under: 'Jevn kamp: under 2,5 til {{odds.under}}',
    underBody: '{{home.name}} og {{away.name}} har holdt det tett så langt. Under 2,5 mål gir nå {{odds.under}}.',
  },
  da: {
    over: 'Mål på vej: over 2,5 til {{odds.over}}',
    under: 'Tæt kamp: under 2,5 til {{odds.under}}',
    underBody: '{{home.name}} og {{away.name}} har holdt det tæt indtil videre. Under 2,5 mål giver nu {{odds.under}}.',
  },
  fi: {
    over: 'Maaleja tulossa: yli 2,5 kertoimella {{odds.over}}',
    under: 'Tiukka ottelu: alle 2,5 kertoimella {{odds.under}}',
    underBody: '{{home.name}} ja {{away.name}} ovat pitäneet pelin tiukkana. Alle 2,5 maalin kerroin on nyt {{odds.under}}.',
  },
};
const EMAIL = 2;

type MarketRow = { id: number; typeId: number; line: number | null; outcomes: string[]; meta: typeof markets.$inferSelect.meta };

export async function seedEngineDemo(tx: Tx, now: Date, { simulatedStats }: SeedOptions): Promise<void> {
  const [provider] = await tx.select({ id: providers.id }).from(providers).orderBy(asc(providers.id)).limit(1);
  const [league] = provider
    ? await tx
        .select({ id: leagues.id })
        .from(leagues)
        .where(and(eq(leagues.providerId, provider.id), eq(leagues.uniqueId, 'fifa-world-cup')))
    : [];
  if (!provider || !league) return;
  const marketRows: MarketRow[] = (
    await tx
      .select({ id: markets.id, typeId: markets.typeId, line: markets.line, outcomes: marketTypes.outcomes, meta: markets.meta })
      .from(markets)
      .innerJoin(marketTypes, eq(marketTypes.id, markets.typeId))
      .where(and(eq(markets.providerId, provider.id), eq(markets.sportId, 1)))
      .orderBy(asc(markets.id))
  ).filter((m) => FEED_MARKETS.some(([typeId, line]) => m.typeId === typeId && m.line === line));
  // Without the feed's markets (step 1 left them out) there is nothing to replay onto.
  if (marketRows.length < FEED_MARKETS.length) return;

  const cup = loadWorldCup(2022);
  const sending = { webhooks: { ...defaultWebhookSettings(), simulatedStats } };
  const engine = new Engine(tx, { dispatch: false, stampAtFeedTime: true, now: () => now.getTime(), sending });
  for (const [home, away, round] of DEMO_MATCHES) {
    const data = cup.matches.find((m) => m.team1 === home && m.team2 === away && m.round === round);
    if (!data) continue;
    const [match] = await tx
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.leagueId, league.id), eq(matches.name, `${home} - ${away}`), eq(matches.start, kickOff(data, cup.year))));
    if (!match) continue;
    await ensureThresholdSets(tx, provider.id, match.id, marketRows);
    const { messages } = generateFeed(cup, data);
    await ensureInPlayContent(tx, provider.id, match.id, marketRows, reachedScores(messages));
    const base = kickOff(data, cup.year).getTime() - kickOffOffset(messages);
    for (let i = 0; i < messages.length; i += 500) {
      await engine.ingest(
        match.id,
        messages.slice(i, i + 500).map((m) => toMessage(m, base)),
      );
    }
  }
}

/** The scores a match reached through goals in regular time, from its feed. */
function reachedScores(messages: ReturnType<typeof generateFeed>['messages']): string[] {
  return [...new Set(messages.flatMap((m) => (m.type === 'event' && m.kind === 'goal' && (m.period ?? 1) <= 2 && m.score ? [m.score] : [])))];
}

/** The market's default saved threshold as a VALUE set for everyone, and a sharp drop of the result's prices. */
async function ensureThresholdSets(tx: Tx, providerId: number, matchId: number, marketRows: MarketRow[]): Promise<void> {
  const existing = await tx.select({ id: thresholdSets.id }).from(thresholdSets).where(eq(thresholdSets.matchId, matchId)).limit(1);
  if (existing.length) return;
  const defaults = await tx
    .select()
    .from(savedThresholds)
    .where(
      and(
        eq(savedThresholds.providerId, providerId),
        eq(savedThresholds.isDefault, true),
        isNull(savedThresholds.contactId),
        inArray(
          savedThresholds.marketId,
          marketRows.map((m) => m.id),
        ),
      ),
    );
  const rows: (typeof thresholdSets.$inferInsert)[] = [];
  for (const market of marketRows) {
    const saved = defaults.find((d) => d.marketId === market.id);
    const fromMeta = Object.fromEntries(
      market.outcomes.filter((k) => typeof market.meta.thresholds?.[k] === 'number').map((k) => [k, { value: market.meta.thresholds![k]! }]),
    );
    const thresholds = saved?.thresholds ?? fromMeta;
    if (Object.keys(thresholds).length) rows.push({ matchId, marketId: market.id, type: saved?.type ?? 'VALUE', thresholds });
    if (market.typeId === 1) {
      const drop = { direction: 'DROP', metric: 'PERCENT', value: 25, time_amount: 10, time_unit: 'MINUTES', time_basis: 'GAME' };
      rows.push({ matchId, marketId: market.id, type: 'RELATIVE', thresholds: { home: drop, away: drop } });
    }
  }
  if (rows.length) await tx.insert(thresholdSets).values(rows);
}

/**
 * In-play content per market, channel and language from the provider's deliverable content items
 * for the market: in-play texts (not the pre-match ones) at INPLAY, and, where there are goal
 * alerts, the same with the goal-alert title at each score the match reached after a goal.
 */
async function ensureInPlayContent(tx: Tx, providerId: number, matchId: number, marketRows: MarketRow[], scores: string[]): Promise<void> {
  const have = await tx
    .select({ marketId: matchContents.marketId, channelId: matchContents.channelId, language: matchContents.language, nodeId: matchContents.nodeId })
    .from(matchContents)
    .where(eq(matchContents.matchId, matchId));
  const categories = new Map((await tx.select().from(contentCategories)).map((c) => [c.id, c.name]));
  const items = (
    await tx
      .select()
      .from(contentItems)
      .where(
        and(
          eq(contentItems.providerId, providerId),
          eq(contentItems.deliver, true),
          isNull(contentItems.archivedAt),
          or(
            arrayOverlaps(
              contentItems.marketIds,
              marketRows.map((m) => m.id),
            ),
            arrayOverlaps(
              contentItems.marketTypeIds,
              marketRows.map((m) => m.typeId),
            ),
          ),
        ),
      )
      .orderBy(asc(contentItems.id))
  )
    .map((i) => ({ ...i, names: i.categoryIds.map((id) => categories.get(id)) }))
    .filter((i) => i.contentType !== 'image' && !(i.names.includes('Pre-match') && !i.names.includes('In-play')));
  const rows: (typeof matchContents.$inferInsert)[] = [];
  for (const market of marketRows) {
    const forMarket = items.filter((i) => i.marketIds.includes(market.id) || (i.marketIds.length === 0 && i.marketTypeIds.includes(market.typeId)));
    for (const key of new Set(forMarket.map((i) => `${i.channelId}|${i.language}`))) {
      const [channel, language] = key.split('|') as [string, string];
      const channelId = Number(channel);
      const texts = (type: string, goalAlert: boolean) =>
        forMarket
          .filter((i) => i.channelId === channelId && i.language === language && i.contentType === type && i.names.includes('Goal alert') === goalAlert)
          .map((i) => ({ content: i.content, link_target: i.linkTarget }));
      const email = channelId === EMAIL && market.typeId === 2 ? OU_EMAIL[language] : undefined;
      const body = {
        content: [...texts('content', false), ...(email ? [{ content: email.underBody, link_target: 'under' }] : [])],
        cta: texts('cta', false),
        image: [],
      };
      const subjects = email
        ? [
            { content: email.over, link_target: 'over' },
            { content: email.under, link_target: 'under' },
          ]
        : [];
      const add = (nodeId: string, parts: MatchContentParts) => {
        const taken = have.some((h) => h.marketId === market.id && h.channelId === channelId && h.language === language && h.nodeId === nodeId);
        if (!taken && (parts.title.length || parts.content.length))
          rows.push({ matchId, marketId: market.id, marketTypeId: market.typeId, channelId, language, nodeId, parts });
      };
      add('INPLAY', { title: [...texts('title', false), ...subjects], ...body });
      const alerts = texts('title', true);
      if (alerts.length) for (const score of scores) add(score, { title: alerts, ...body });
    }
  }
  if (rows.length) await tx.insert(matchContents).values(rows);
}
