import type { ContentElement, ContentOptionsRequest, ListReply } from '@odds/protocol';
import type { Db } from '../db/client';
import type { CompileContext } from './compile';
import { loadMarket, outcomeKey, principalOutcome, teamsContext } from './compiler';
import type { TeamValues } from './team-values';

/**
 * Content options (the playground's "generate"): English template texts for the situation, chosen
 * by the market type's outcomes and by what the teams' real season records make true (a win-rate
 * line only for a team that wins, an unbeaten line only for an unbeaten one). They are returned with
 * their query tags, written from the chosen side's point of view ({{home.*}} is that side), so they
 * can be compiled (POST content/compiler with side) and saved as content as they are.
 */
export async function contentOptions(db: Db, body: ContentOptionsRequest): Promise<ListReply<ContentElement>> {
  const { market, type } = await loadMarket(db, body.market_id);
  const odds: Record<string, number> = {};
  for (const outcome of body.offer?.outcomes ?? []) odds[outcomeKey(outcome, market, type)] = outcome.odds;
  const ctx = await teamsContext(db, body.home_id, body.away_id, body.league_id, body.offer?.minutes ?? 10, odds);
  // From the side's point of view: "ours" is the chosen side, "theirs" the opponent.
  const ours = body.side === 'away' ? ctx.away : ctx.home;
  const theirs = body.side === 'away' ? ctx.home : ctx.away;
  const sidedOdds = body.side === 'away' ? { ...odds, home: odds.away, away: odds.home } : odds;
  const sidedCtx: CompileContext = {
    ...ctx,
    home: ours,
    away: theirs,
    odds: Object.fromEntries(Object.entries(sidedOdds).filter((e): e is [string, number] => e[1] !== undefined)),
  };
  const outcome = principalOutcome(body.behaviour ?? 'historical_favourite', sidedCtx.odds ?? {}, sidedCtx, type, market.line);
  const results = [
    ...titles(type.outcomes, outcome, market.name),
    ...statLines(ours.values, theirs.values),
    ...ctas(type.outcomes, outcome, Object.keys(odds)),
  ];
  return { results, total: results.length, limit: Math.max(results.length, 1) };
}

const element = (content_type: ContentElement['content_type'], content: string): ContentElement => ({ content_type, content });

function titles(outcomes: string[], outcome: string | null, marketName: string): ContentElement[] {
  const list = [element('title', '{{home.name}} v {{away.name}}')];
  if (outcome === 'home') list.push(element('title', '{{home.name}} to beat {{away.name}}?'));
  if (outcome === 'draw') list.push(element('title', 'Nothing to split {{home.name}} and {{away.name}}?'));
  if (outcome === 'away') list.push(element('title', 'Can {{home.name}} stop {{away.name}}?'));
  if (outcome === 'over') list.push(element('title', 'Goals expected: {{home.name}} v {{away.name}}'));
  if (outcome === 'under') list.push(element('title', 'A tight one: {{home.name}} v {{away.name}}'));
  if (outcomes.includes('yes')) list.push(element('title', 'Will both {{home.name}} and {{away.name}} score?'));
  list.push(element('title', `${marketName}: {{home.name}} v {{away.name}}`));
  return list;
}

/** Lines that hold for these records, and only those. */
function statLines(ours: TeamValues | null | undefined, theirs: TeamValues | null | undefined): ContentElement[] {
  const list: ContentElement[] = [];
  if (ours?.played) {
    if (ours.wins > 0) list.push(element('content', '{{home.name}} have won {{home.wins}} of their {{home.played}} matches this season ({{home.win_rate}}%).'));
    if (ours.losses === 0)
      list.push(element('content', '{{home.name}} are unbeaten this season: {{home.wins}} wins and {{home.draws}} draws from {{home.played}} matches.'));
    if (ours.goals_for >= ours.played * 2)
      list.push(element('content', '{{home.name}} have scored {{home.goals_for}} goals in {{home.played}} matches this season.'));
    if (ours.goals_against <= ours.played / 2)
      list.push(element('content', '{{home.name}} have conceded only {{home.goals_against}} goals in {{home.played}} matches.'));
  }
  if (theirs?.played) {
    if (theirs.goals_against >= theirs.played * 1.5)
      list.push(element('content', '{{away.name}} have let in {{away.goals_against}} goals in {{away.played}} matches this season.'));
    if (theirs.wins === 0)
      list.push(element('content', '{{away.name}} are still waiting for a win this season ({{away.draws}} draws, {{away.losses}} defeats).'));
  }
  if (ours?.played && theirs?.played)
    list.push(
      element(
        'content',
        'Season so far: {{home.name}} W{{home.wins}} D{{home.draws}} L{{home.losses}}, {{away.name}} W{{away.wins}} D{{away.draws}} L{{away.losses}}.',
      ),
    );
  return list;
}

function ctas(outcomes: string[], outcome: string | null, priced: string[]): ContentElement[] {
  const labels: Record<string, string> = {
    home: 'Back {{home.name}} at {{odds.home}}',
    draw: 'Back the draw at {{odds.draw}}',
    away: 'Back {{away.name}} at {{odds.away}}',
    over: 'Back over at {{odds.over}}',
    under: 'Back under at {{odds.under}}',
    yes: 'Both teams to score at {{odds.yes}}',
    no: 'Not both to score at {{odds.no}}',
  };
  // The promoted outcome first, then the others the offer prices; without odds, a plain call to act.
  const keys = [...new Set([outcome, ...outcomes].filter((key): key is string => key !== null && priced.includes(key) && key in labels))];
  const list = keys.map((key) => element('cta', labels[key]!));
  list.push(element('cta', 'See all odds for {{home.name}} v {{away.name}}'));
  return list;
}
