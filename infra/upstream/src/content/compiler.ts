import { and, asc, arrayContains, eq, isNull, or } from 'drizzle-orm';
import type { CompilerReply, CompilerRequest, ContentOffer, ContentParseReply, ContentParseRequest, OddsOutcome, SelectionBehaviour } from '@odds/protocol';
import type { Db } from '../db/client';
import { contentItems, leagues, type marketTypes, type markets } from '../db/schema';
import { marketWithType, type MarketWithType } from '../db/market-with-type';
import { Errors } from '../errors';
import { compileItems, fillText, type CompileContext, type TemplateItem } from './compile';
import { loadMatchContext, loadTeam } from './context';
import { imageUrl, visibleTo } from './items';
import { checkLanguage, loadProvider } from './validate';

type MarketRow = typeof markets.$inferSelect;
type TypeRow = typeof marketTypes.$inferSelect;

/** POST content/parse: the text's tags filled for a real match; context 'away' reads it from the away team's side. */
export async function parseContent(db: Db, body: ContentParseRequest): Promise<ContentParseReply> {
  const ctx = await loadMatchContext(db, body.match_id);
  const { text, missing } = fillText(body.content, ctx, body.context === 'away');
  return { content: text, unresolved: [...new Set(missing)] };
}

export async function loadMarket(db: Db, marketId: number): Promise<MarketWithType> {
  const row = await marketWithType(db, marketId);
  if (!row) throw new Errors.NotFound('Market', marketId);
  return row;
}

/**
 * The outcome key of a simulated offer's outcome: the market's outcome mapping names the label the
 * provider uses for each key; otherwise the label or operator id is taken as the key itself.
 */
export function outcomeKey(outcome: ContentOffer['outcomes'][number], market: MarketRow, type: TypeRow): string {
  const mapped = Object.entries(market.outcomeMapping).find(([, label]) => label.toLowerCase() === outcome.label.toLowerCase());
  if (mapped) return mapped[0];
  const byOperator = String(outcome.operator_id).toLowerCase();
  if (type.outcomes.includes(byOperator)) return byOperator;
  return outcome.label.toLowerCase();
}

/**
 * The outcome to promote when the caller names none (SPEC §3 selection behaviours): 'all' promotes
 * none; 'odd_favourite' the shortest odds; 'historical_favourite' what the teams' season records
 * favour (better win rate; goals per match against the line; both sides scoring and conceding at
 * least once a match), else the shortest odds.
 */
export function principalOutcome(
  behaviour: SelectionBehaviour,
  odds: Record<string, number>,
  ctx: CompileContext,
  type: TypeRow,
  line: number | null,
): string | null {
  if (behaviour === 'all') return null;
  const shortest = Object.entries(odds).sort((a, b) => a[1] - b[1])[0]?.[0] ?? null;
  if (behaviour === 'odd_favourite') return shortest;
  const home = ctx.home.values;
  const away = ctx.away.values;
  if (!home?.played || !away?.played) return shortest;
  const has = (key: string) => type.outcomes.includes(key);
  if (type.evaluator === 'win_draw' && has('home') && has('away')) {
    if (home.win_rate === away.win_rate && has('draw')) return 'draw';
    return home.win_rate >= away.win_rate ? 'home' : 'away';
  }
  if (type.evaluator === 'over_under' && has('over') && has('under')) {
    const perMatch = (v: typeof home) => (v.goals_for + v.goals_against) / v.played;
    return (perMatch(home) + perMatch(away)) / 2 > (line ?? 2500) / 1000 ? 'over' : 'under';
  }
  if (type.evaluator === 'yes_no' && has('yes') && has('no')) {
    const scoresAndConcedes = (v: typeof home) => v.goals_for >= v.played && v.goals_against >= v.played;
    return scoresAndConcedes(home) && scoresAndConcedes(away) ? 'yes' : 'no';
  }
  return shortest;
}

/** The compile context of two teams in a league (playground, stats 2): season values of the league's latest season. */
export async function teamsContext(
  db: Db,
  homeId: number,
  awayId: number,
  leagueId: number,
  minutes: number,
  odds: Record<string, number>,
): Promise<CompileContext> {
  const [league] = await db.select({ id: leagues.id, name: leagues.name }).from(leagues).where(eq(leagues.id, leagueId));
  if (!league) throw new Errors.NotFound('League', leagueId);
  const scope = { leagueId: league.id };
  const [home, away] = await Promise.all([loadTeam(db, homeId, scope), loadTeam(db, awayId, scope)]);
  return { home, away, league: { name: league.name }, match: { name: `${home.name} - ${away.name}`, minute: minutes }, odds };
}

/**
 * POST content/compiler: the ad-hoc elements (written from the chosen side's point of view), or
 * else the market's stored templates in the language asked for (default en where the provider
 * offers it, else its first language), compiled with the teams' values and the offer's odds.
 */
export async function compileRequest(db: Db, body: CompilerRequest): Promise<CompilerReply> {
  const { market, type } = await loadMarket(db, body.market_id);
  const odds: Record<string, number> = {};
  for (const outcome of body.offer.outcomes) odds[outcomeKey(outcome, market, type)] = outcome.odds;
  const ctx = await teamsContext(db, body.home_id, body.away_id, body.league_id, body.offer.minutes, odds);
  const outcome = body.principal ?? principalOutcome(body.behaviour, odds, ctx, type, market.line);
  let items: TemplateItem[];
  if (body.content_elements.length) {
    items = body.content_elements.map((element) => ({ id: null, content_type: element.content_type, content: element.content, side_context: 'both' }));
  } else {
    const provider = await loadProvider(db, market.providerId);
    const language = body.language ? checkLanguage(body.language, provider) : provider.languages.includes('en') ? 'en' : (provider.languages[0] ?? 'en');
    const rows = await db
      .select()
      .from(contentItems)
      .where(
        and(
          eq(contentItems.sportId, market.sportId),
          visibleTo(provider.id, provider.languages),
          eq(contentItems.language, language),
          eq(contentItems.deliver, true),
          isNull(contentItems.archivedAt),
          or(arrayContains(contentItems.marketIds, [market.id]), arrayContains(contentItems.marketTypeIds, [type.id])),
        ),
      )
      .orderBy(asc(contentItems.id));
    items = rows.map((row) => ({
      id: row.id,
      content_type: row.contentType as TemplateItem['content_type'],
      content: row.content,
      link_target: row.linkTarget,
      image_url: row.imageId ? imageUrl(row.imageId) : null,
      side_context: row.sideContext as TemplateItem['side_context'],
    }));
  }
  const { results } = compileItems(items, ctx, { outcome, side: body.side });
  const reply: OddsOutcome[] = body.offer.outcomes.map((o) => ({ label: o.label, line: market.line, odds: o.odds }));
  return { results, odds: reply };
}
