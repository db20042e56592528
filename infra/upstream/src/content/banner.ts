import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatOdds, formatResult, formatScore, parseScoreNode, resultOf } from '@odds/protocol';
import type { Db } from '../db/client';
import { leagues, marketTypes, markets, matches, offers, teams } from '../db/schema';
import { Errors } from '../errors';

/**
 * The Graph tab's creative (SPEC §2 'Show Creative'): a self-contained HTML page for a match and
 * market, meant for a sandboxed frame. Every value is escaped, styles are inline, and there are no
 * scripts, links or outside resources; the route adds a CSP that forbids them anyway.
 */
export const BANNER_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE = `
*{box-sizing:border-box;margin:0;padding:0}
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#0b3d2e;color:#fff}
.banner{max-width:640px;margin:0 auto;padding:16px;background:linear-gradient(135deg,#0b3d2e,#14624a);min-height:100vh}
.league{font-size:12px;letter-spacing:.08em;text-transform:uppercase;opacity:.8}
.teams{display:flex;align-items:center;justify-content:space-between;gap:12px;margin:12px 0}
.team{flex:1;font-size:20px;font-weight:700}
.team.away{text-align:right}
.score{font-size:28px;font-weight:800;white-space:nowrap}
.state{font-size:13px;opacity:.85;text-align:center}
.market{margin-top:16px;font-size:14px;font-weight:600}
.odds{display:flex;gap:8px;margin-top:8px;flex-wrap:wrap}
.outcome{flex:1;min-width:90px;background:#fff;color:#0b3d2e;border-radius:6px;padding:8px;text-align:center}
.outcome .label{font-size:12px;display:block}
.outcome .price{font-size:20px;font-weight:800;display:block}
.note{margin-top:12px;font-size:11px;opacity:.7}
`;

const home = alias(teams, 'home');
const away = alias(teams, 'away');

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export async function renderBanner(db: Db, matchId: number, marketId: number): Promise<string> {
  const [row] = await db
    .select({ match: matches, home: home.name, away: away.name, league: leagues.name })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .where(eq(matches.id, matchId));
  if (!row) throw new Errors.NotFound('Match', matchId);
  const [marketRow] = await db
    .select({ market: markets, type: marketTypes })
    .from(markets)
    .innerJoin(marketTypes, eq(marketTypes.id, markets.typeId))
    .where(eq(markets.id, marketId));
  if (!marketRow) throw new Errors.NotFound('Market', marketId);
  const { match } = row;
  if (marketRow.market.providerId !== match.providerId) throw new Errors.BadRequest(`Market ${marketId} is not a market of this match's provider.`);
  const [offer] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.matchId, matchId), eq(offers.marketId, marketId)))
    .orderBy(desc(offers.id))
    .limit(1);

  const result = resultOf(
    { home: match.homeScore, away: match.awayScore },
    { home: match.etHomeScore, away: match.etAwayScore },
    { home: match.penHomeScore, away: match.penAwayScore },
  );
  let score: string;
  let state: string;
  if (offer) {
    const live = parseScoreNode(offer.score);
    score = live ? formatScore(live) : 'v';
    state = offer.prematch || offer.matchTime === null ? `Kick-off ${utc(match.start)}` : `${Math.floor(offer.matchTime / 60)}'`;
  } else if (result) {
    score = formatResult(result);
    state =
      match.htHomeScore !== null && match.htAwayScore !== null
        ? `Full time (half time ${formatScore({ home: match.htHomeScore, away: match.htAwayScore })})`
        : 'Full time';
  } else {
    score = 'v';
    state = `Kick-off ${utc(match.start)}`;
  }
  const outcomeOrder = marketRow.type.outcomes;
  const rank = (key: string) => (outcomeOrder.includes(key) ? outcomeOrder.indexOf(key) : outcomeOrder.length);
  const names: Record<string, string> = { home: row.home, away: row.away, draw: 'Draw', over: 'Over', under: 'Under', yes: 'Yes', no: 'No' };
  const outcomes = offer
    ? // jsonb keeps keys in its own order: show the outcomes in the market type's (home, draw, away).
      Object.entries(offer.outcomeMap)
        .sort(([a], [b]) => rank(a) - rank(b))
        .map(
          ([key, odds]) =>
            `<div class="outcome"><span class="label">${escapeHtml(names[key] ?? marketRow.market.outcomeMapping[key] ?? key)}</span><span class="price">${escapeHtml(formatOdds(odds))}</span></div>`,
        )
        .join('')
    : '';
  const note = offer ? `Odds at ${utc(offer.createdAt)}` : 'No odds offered for this market yet.';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(BANNER_CSP)}">
<title>${escapeHtml(match.name)}</title><style>${STYLE}</style></head>
<body><div class="banner">
<div class="league">${escapeHtml(row.league)}${match.round ? ` · ${escapeHtml(match.round)}` : ''}</div>
<div class="teams"><div class="team home">${escapeHtml(row.home)}</div><div class="score">${escapeHtml(score)}</div><div class="team away">${escapeHtml(row.away)}</div></div>
<div class="state">${escapeHtml(state)}</div>
<div class="market">${escapeHtml(marketRow.market.name)}</div>
${outcomes ? `<div class="odds">${outcomes}</div>` : ''}
<div class="note">${escapeHtml(note)}</div>
</div></body></html>
`;
}
