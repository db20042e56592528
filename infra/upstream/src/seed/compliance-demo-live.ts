import { and, asc, eq, sql } from 'drizzle-orm';
import type { ContentFlag, MatchContentParts } from '@odds/protocol';
import type { Tx } from '../db/client';
import { leagues, markets, matchContents, matches, thresholdSets } from '../db/schema';

/**
 * What the demo's customers (compliance-demo.ts) need on the live match, the first World Cup
 * Classics fixture (the one `npm start` replays), so that a pass of the replay shows sends to
 * them, a daily cap reached and content a jurisdiction forbids (docs/compliance.md "The embedded
 * demo"):
 * - the match's firing for everyone is on Over/Under 2.5 after the first goal, for which the
 *   seeded content has only a Swedish email before kick-off: an English push for any score;
 * - every text of the match whose call to action urges a bet is flagged `call_to_wager`, which the
 *   demo's US-MA rule forbids: the customer in Massachusetts has no other text (JURISDICTION_CONTENT);
 * - Sven's own alert on Both Teams to Score (yes at 2.40 or longer, within the market's 1.30–3.20:
 *   it fires when the price drifts back out after the first goal), a push after the goals one, over
 *   Sweden's demo cap of 1 a day (DAILY_CAP).
 */

const GOALS: MatchContentParts = {
  title: [{ content: '{{home.name}} v {{away.name}}: goals on the way?' }],
  content: [
    { content: 'Over 2.5 goals pays {{odds.over}} after {{match.minute}} minutes.', link_target: 'over' },
    { content: 'Under 2.5 goals pays {{odds.under}} after {{match.minute}} minutes.', link_target: 'under' },
  ],
  cta: [
    { content: 'Bet over 2.5 goals at {{odds.over}}', link_target: 'over' },
    { content: 'Bet under 2.5 goals at {{odds.under}}', link_target: 'under' },
  ],
  image: [],
};
const BOTH_SCORE: MatchContentParts = {
  title: [{ content: 'Both teams to score?' }],
  content: [{ content: '{{away.name}} to find the net too: both teams to score pays {{odds.yes}}.', link_target: 'yes' }],
  cta: [{ content: 'Back both teams to score at {{odds.yes}}', link_target: 'yes' }],
  image: [],
};
const WAGER: ContentFlag[] = ['call_to_wager'];

export async function seedLiveMatchForCustomers(tx: Tx, providerId: number, language: string, svenId: number): Promise<void> {
  const [live] = await tx
    .select({ id: matches.id })
    .from(matches)
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .where(and(eq(matches.providerId, providerId), eq(leagues.uniqueId, 'wc-classics')))
    .orderBy(asc(matches.start))
    .limit(1);
  if (!live) return;
  const market = async (typeId: number, line: number | null) =>
    (
      await tx
        .select()
        .from(markets)
        .where(and(eq(markets.providerId, providerId), eq(markets.sportId, 1), eq(markets.typeId, typeId)))
    ).find((m) => m.line === line);
  const [goals, both] = [await market(2, 2500), await market(10, null)];
  if (!goals || !both) return;
  // The seeded texts' calls to action ("Back … at 2.30") urge a bet.
  await tx
    .update(matchContents)
    .set({ flags: WAGER })
    .where(and(eq(matchContents.matchId, live.id), sql`jsonb_array_length(${matchContents.parts}->'cta') > 0`));
  const row = (marketRow: typeof goals, nodeId: string, parts: MatchContentParts) => ({
    matchId: live.id,
    marketId: marketRow.id,
    marketTypeId: marketRow.typeId,
    channelId: 1,
    language,
    nodeId,
    parts,
    flags: WAGER,
  });
  await tx.insert(matchContents).values([row(goals, 'INPLAY', GOALS), row(both, 'INPLAY', BOTH_SCORE)]);
  await tx.insert(thresholdSets).values({ matchId: live.id, marketId: both.id, contactId: svenId, type: 'VALUE', thresholds: { yes: { value: 2400 } } });
}
