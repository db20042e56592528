import { parseScoreNode } from '@odds/protocol';
import { compileParts, type CompiledTexts, type CompileContext } from '../content/compile';
import type { ContentInfo, MarketInfo, MatchInfo } from './match-state';

/** The offer a content is chosen and compiled for. */
export interface ContentSituation {
  market: MarketInfo;
  channelId: number;
  language: string;
  prematch: boolean;
  score: string;
  subNode: string | null;
  leafNode: string | null;
  period: number;
}

function marketFit(content: ContentInfo, market: MarketInfo): number {
  if (content.marketId !== null) return content.marketId === market.id ? 3 : -1;
  if (content.marketTypeId !== null) return content.marketTypeId === market.typeId ? 2 : -1;
  if (content.ruleSetMarkets) return content.ruleSetMarkets.has(market.id) ? 1 : -1;
  return 0;
}

function nodeFit(content: ContentInfo, s: ContentSituation): number {
  if (s.prematch) return content.nodeId === 'PRE' ? 1 : -1;
  if (content.nodeId === s.score) return 2;
  return content.nodeId === 'INPLAY' ? 1 : -1;
}

/**
 * The match content for an offer, channel and language: of the content not on hold and not timed,
 * the one written for the market (else its market type, else a rule set holding the market, else
 * any market), for the exact score node (else INPLAY; PRE before kick-off), whose sub node, leaf
 * node and period, where set, are the offer's. The most specific wins; then the oldest.
 */
export function chooseContent(contents: readonly ContentInfo[], s: ContentSituation): ContentInfo | null {
  return rankContents(contents, s)[0] ?? null;
}

/** Every content that fits the offer, channel and language, the most specific first (then the oldest). */
export function rankContents(contents: readonly ContentInfo[], s: ContentSituation): ContentInfo[] {
  const ranked: [ContentInfo, number][] = [];
  for (const content of contents) {
    if (content.channelId !== s.channelId || content.language !== s.language) continue;
    if (content.subNode !== null && content.subNode !== s.subNode) continue;
    if (content.leafNode !== null && content.leafNode !== s.leafNode) continue;
    if (content.period !== null && content.period !== s.period) continue;
    const market = marketFit(content, s.market);
    const node = nodeFit(content, s);
    if (market < 0 || node < 0) continue;
    const rank = node * 100 + market * 10 + (content.subNode ? 2 : 0) + (content.leafNode ? 2 : 0) + (content.period ? 1 : 0);
    ranked.push([content, rank]);
  }
  // A stable sort: equal ranks keep the contents' order (oldest first).
  return ranked.sort((a, b) => b[1] - a[1]).map(([content]) => content);
}

export interface OfferForCompile {
  score: string;
  matchTime: number | null;
  outcomeMap: Record<string, number>;
}

/** The compile context of an offer of the match: teams with their goals and season record, odds, minute. */
export function compileContext(match: MatchInfo, offer: OfferForCompile): CompileContext {
  const goals = parseScoreNode(offer.score);
  return {
    home: { name: match.home.name, short_name: match.home.shortName, score: goals?.home ?? null, values: match.home.values },
    away: { name: match.away.name, short_name: match.away.shortName, score: goals?.away ?? null, values: match.away.values },
    league: { name: match.leagueName },
    match: { name: match.name, minute: offer.matchTime === null ? null : Math.floor(offer.matchTime / 60) + 1, start: match.start },
    odds: offer.outcomeMap,
  };
}

/** Content compiled for the outcome that fired: one text per part (title, body, cta, image). */
export function compileContent(content: ContentInfo, context: CompileContext, outcome: string | null): CompiledTexts {
  return compileParts(content.parts, context, { outcome }).texts;
}
