import { formatOdds, type CompiledContent, type ContentType, type MatchContentParts, type SideContext } from '@odds/protocol';
import { fillTags, type TagContext, type TagValues } from './tags';
import type { TeamValues } from './team-values';

/**
 * Content compiling: query tags filled for a match and an offer. Pure (no database, no clock), so
 * the content compiler routes, the offer preview and the live engine all compile the same way;
 * callers load the teams' season values (team-values.ts) and the offer beforehand.
 */

export interface TeamContext {
  name: string;
  short_name?: string | null;
  /** Goals in this match so far; null or absent before kick-off. */
  score?: number | null;
  /** Season record from real results (`teamSeasonValues`); absent leaves those tags unfilled. */
  values?: TeamValues | null;
}

export interface CompileContext {
  home: TeamContext;
  away: TeamContext;
  league?: { name: string } | null;
  match?: { name?: string | null; minute?: number | null; start?: Date | string | null } | null;
  /** Odds in thousandths per outcome key of the market type (an offer's `outcome_map`). */
  odds?: Record<string, number> | null;
}

/** A stored content item (or an ad-hoc element) to compile. */
export interface TemplateItem {
  /** The content item's id; null for ad-hoc text. */
  id?: number | null;
  content_type: ContentType;
  content: string;
  link_target?: string | null;
  /** Image items: where the uploaded image is served; compiled image texts are this url. */
  image_url?: string | null;
  /** Whose point of view the text is written from; see `compileItems`. Default 'none'. */
  side_context?: SideContext;
}

export interface CompileOptions {
  /**
   * The outcome key being promoted (the outcome whose threshold fired, or the playground's
   * principal). Entries linked to another outcome are left out; an entry linked to this one is
   * preferred over generic ones when one text per part is picked.
   */
  outcome?: string | null;
  /** The side being promoted (playground `side`); see `compileItems`. */
  side?: 'home' | 'away' | null;
}

/** One text per part, as a delivery uses them: the first fitting entry of each content type. */
export interface CompiledTexts {
  title: string | null;
  body: string | null;
  cta: string | null;
  image: string | null;
}

export interface CompileResult {
  /** Every entry kept after the outcome (and side) filters, with its tags filled, in input order. */
  results: CompiledContent[];
  texts: CompiledTexts;
  /** Tags that could not be filled (unknown key or no data), each once. */
  missing: string[];
}

/** Whole-number percentages and plain numbers: what the team tags hold. */
function teamValues(team: TeamContext, odds: number | undefined): TagValues {
  return {
    name: team.name,
    short_name: team.short_name ?? team.name,
    score: team.score ?? null,
    odds: odds === undefined ? null : formatOdds(odds),
    ...(team.values ?? {}),
  };
}

/**
 * The values query tags are filled from: {{home.*}}, {{away.*}} (TEAM_TAGS keys), {{odds.<outcome>}}
 * (decimal odds), {{match.name|minute|score|start}} and {{league.name}}. With `swap` the sides trade
 * places ({{home.*}} is then the away team, odds.home and odds.away likewise).
 */
export function tagContext(ctx: CompileContext, swap = false): TagContext {
  const odds = ctx.odds ?? {};
  const [home, away] = swap ? [ctx.away, ctx.home] : [ctx.home, ctx.away];
  const oddsValues: TagValues = Object.fromEntries(Object.entries(odds).map(([key, value]) => [key.toLowerCase(), formatOdds(value)]));
  if (swap) [oddsValues.home, oddsValues.away] = [oddsValues.away, oddsValues.home];
  const played = ctx.home.score !== undefined && ctx.home.score !== null && ctx.away.score !== undefined && ctx.away.score !== null;
  const start = ctx.match?.start ? new Date(ctx.match.start) : null;
  return {
    home: teamValues(home, odds[swap ? 'away' : 'home']),
    away: teamValues(away, odds[swap ? 'home' : 'away']),
    odds: oddsValues,
    match: {
      name: ctx.match?.name ?? `${ctx.home.name} - ${ctx.away.name}`,
      minute: ctx.match?.minute ?? null,
      score: played ? `${ctx.home.score}-${ctx.away.score}` : null,
      start: start && !Number.isNaN(start.getTime()) ? `${start.toISOString().slice(0, 16).replace('T', ' ')} UTC` : null,
    },
    league: { name: ctx.league?.name ?? null },
  };
}

/** Fills one text for a match; `swap` reads it from the away team's point of view. */
export function fillText(text: string, ctx: CompileContext, swap = false): { text: string; missing: string[] } {
  return fillTags(text, tagContext(ctx, swap));
}

const linkedElsewhere = (linkTarget: string | null | undefined, outcome: string | null | undefined) => Boolean(outcome && linkTarget && linkTarget !== outcome);

function pick(results: CompiledContent[], type: ContentType, outcome: string | null | undefined): string | null {
  const ofType = results.filter((r) => r.content_type === type);
  return (ofType.find((r) => outcome && r.link_target === outcome) ?? ofType[0])?.content ?? null;
}

function finish(results: CompiledContent[], missing: string[], outcome: string | null | undefined): CompileResult {
  return {
    results,
    texts: {
      title: pick(results, 'title', outcome),
      body: pick(results, 'content', outcome),
      cta: pick(results, 'cta', outcome),
      image: pick(results, 'image', outcome),
    },
    missing: [...new Set(missing)],
  };
}

/**
 * Compiles content items (stored templates or ad-hoc elements). An item's `side_context` says how
 * it reads: 'none' is about no side and 'home'/'away' about that real side, so their tags are
 * filled as the match is; 'both' is written once for either side from the promoted side's view
 * ({{home.*}} is "our" team), so it is filled with the sides swapped when `options.side` is 'away'.
 * With `options.side` set, items written for the other real side are left out.
 */
export function compileItems(items: readonly TemplateItem[], ctx: CompileContext, options: CompileOptions = {}): CompileResult {
  const missing: string[] = [];
  const results: CompiledContent[] = [];
  for (const item of items) {
    const sideContext = item.side_context ?? 'none';
    if (options.side && (sideContext === 'home' || sideContext === 'away') && sideContext !== options.side) continue;
    if (linkedElsewhere(item.link_target, options.outcome)) continue;
    let content: string;
    if (item.content_type === 'image' && item.image_url) {
      content = item.image_url;
    } else {
      const filled = fillText(item.content, ctx, sideContext === 'both' && options.side === 'away');
      missing.push(...filled.missing);
      content = filled.text;
    }
    results.push({ content_type: item.content_type, content, link_target: item.link_target ?? null, content_id: item.id ?? null });
  }
  return finish(results, missing, options.outcome);
}

const PART_TYPES = ['title', 'content', 'cta', 'image'] as const;

/**
 * Compiles the parts of a match content record (title, content, cta, image lists), tags filled as
 * the match is. Entries linked to another outcome than `options.outcome` are left out.
 */
export function compileParts(parts: MatchContentParts, ctx: CompileContext, options: CompileOptions = {}): CompileResult {
  const items = PART_TYPES.flatMap((type) =>
    parts[type].map(
      (entry): TemplateItem => ({
        id: null,
        content_type: type,
        content: entry.content,
        link_target: entry.link_target ?? null,
      }),
    ),
  );
  return compileItems(items, ctx, { outcome: options.outcome ?? null });
}
