import { eq } from 'drizzle-orm';
import type { CompilerReply } from '@odds/protocol';
import { compileParts } from '../content/compile';
import type { Db } from '../db/client';
import { offers } from '../db/schema';
import { Errors } from '../errors';
import { chooseContent, compileContext } from '../engine/content';
import { loadStatic } from '../engine/load';

/**
 * An offer's preview: for each channel and language the match has content in, the content the
 * engine would choose for this offer (its market and score node), compiled with its odds.
 */
export async function compileOffer(db: Db, offerId: number): Promise<CompilerReply> {
  const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
  if (!offer) throw new Errors.NotFound('Offer', offerId);
  const statics = await loadStatic(db, offer.matchId);
  const market = statics?.markets.get(offer.marketId);
  if (!statics || !market) throw new Errors.NotFound('Offer', offerId);
  const context = compileContext(statics.match, offer);
  const pairs = [...new Map(statics.contents.map((c) => [`${c.channelId}:${c.language}`, c])).values()];
  const results = pairs.flatMap((pair) => {
    const content = chooseContent(statics.contents, {
      market,
      channelId: pair.channelId,
      language: pair.language,
      prematch: offer.prematch,
      score: offer.score,
      subNode: offer.subNode,
      leafNode: offer.leafNode,
      period: offer.period ?? 0,
    });
    return content ? compileParts(content.parts, context, {}).results : [];
  });
  return { results, odds: offer.odds };
}
