import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { DeliveryLog, FeedSortField, ListReply, Offer } from '@odds/protocol';
import type { Db } from '../db/client';
import { contacts, deliveries, markets, offers, suppressions } from '../db/schema';
import { offerRecord, type OfferRow } from '../engine/offer-record';
import { marketTypeDef } from '../events/outcomes';
import { orderBy, pageSize } from '../db/paging';
import { selectRows } from '../db/rows';

const sortable = {
  id: offers.id,
  created_at: offers.createdAt,
  sent_at: offers.sentAt,
  match_time: offers.matchTime,
  status: offers.status,
  market: markets.name,
} satisfies Record<FeedSortField, unknown>;

const columns = { offer: offers, marketName: markets.name, marketTypeId: markets.typeId };
type Row = { offer: OfferRow; marketName: string; marketTypeId: number };

/**
 * Names of the contacts each offer was delivered to (in the order they were served), and the log
 * of its first delivery. A firing reaches a few hundred contacts with one text: the names are
 * grouped and the log read once per offer in the database, not once per delivery here.
 */
async function deliveredTo(db: Db, offerIds: number[]): Promise<Map<number, { names: string[]; log: DeliveryLog }>> {
  const byOffer = new Map<number, { names: string[]; log: DeliveryLog }>();
  if (!offerIds.length) return byOffer;
  const ids = sql.join(
    offerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [names, logs] = await Promise.all([
    selectRows<{ offer_id: number; name: string }>(
      db,
      sql`select d.offer_id, c.name from ${deliveries} d join ${contacts} c on c.id = d.contact_id
      where d.offer_id in (${ids}) group by d.offer_id, c.name order by d.offer_id, min(d.id)`,
    ),
    selectRows<{ offer_id: number; log: DeliveryLog }>(
      db,
      sql`select distinct on (offer_id) offer_id, log from ${deliveries} where offer_id in (${ids}) order by offer_id, id`,
    ),
  ]);
  for (const row of logs) byOffer.set(row.offer_id, { names: [], log: row.log });
  for (const row of names) byOffer.get(row.offer_id)?.names.push(row.name);
  return byOffer;
}

/** Why fired offers sent nothing: their stored suppressions, one per offer and reason (the first of each). */
async function whyNothingSent(db: Db, offerIds: number[]): Promise<Map<number, { reason: string; detail: string }[]>> {
  const byOffer = new Map<number, { reason: string; detail: string }[]>();
  if (!offerIds.length) return byOffer;
  const ids = sql.join(
    offerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const found = await selectRows<{ offer_id: number; reason: string; detail: string }>(
    db,
    sql`select distinct on (offer_id, reason) offer_id, reason, detail from ${suppressions} where offer_id in (${ids}) order by offer_id, reason, id`,
  );
  for (const row of found) byOffer.set(row.offer_id, [...(byOffer.get(row.offer_id) ?? []), { reason: row.reason, detail: row.detail }]);
  return byOffer;
}

async function toOffers(db: Db, rows: Row[], withRaw: boolean): Promise<Offer[]> {
  // Only an offer that fired has deliveries: most polls of a live match ask for none.
  const fired = rows.filter((r) => r.offer.status === 'TRIGGERED').map((r) => r.offer.id);
  const delivered = await deliveredTo(db, fired);
  // A fired offer with no delivery says why (its suppressions) instead of reading as sent.
  const silent = await whyNothingSent(
    db,
    fired.filter((id) => !delivered.has(id)),
  );
  return rows.map(({ offer, marketName, marketTypeId }) => {
    const record = offerRecord(offer, { name: marketName, outcomes: marketTypeDef(marketTypeId)?.outcomes ?? [] }, delivered.get(offer.id), withRaw);
    const why = offer.status === 'TRIGGERED' && !delivered.has(offer.id) ? (silent.get(offer.id) ?? []) : null;
    return why ? { ...record, nothing_sent: why } : record;
  });
}

export interface FeedQuery {
  start?: number;
  limit?: number;
  order_by?: string;
  order_dir?: 'asc' | 'desc';
  market_id?: number;
  /** Only offers with a greater id: what a poll has not seen yet (offers are written once). */
  after_id?: number;
  /** Only offers with a smaller id: older than what a first snapshot carried ("Load older"). */
  before_id?: number;
}

/** The Feed tab: a match's offers, newest (feed clock) first, with the raw message. */
export async function matchFeed(db: Db, matchId: number, query: FeedQuery): Promise<ListReply<Offer>> {
  const limit = pageSize(query.limit, 1000);
  const where = and(
    eq(offers.matchId, matchId),
    query.market_id ? eq(offers.marketId, query.market_id) : undefined,
    query.after_id ? gt(offers.id, query.after_id) : undefined,
    query.before_id ? lt(offers.id, query.before_id) : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(columns)
      .from(offers)
      .innerJoin(markets, eq(markets.id, offers.marketId))
      .where(where)
      .orderBy(...orderBy(sortable, '-sent_at', offers.id, query.order_by, query.order_dir))
      .limit(limit)
      .offset(query.start ?? 0),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(offers)
      .where(where),
  ]);
  return { results: await toOffers(db, rows, true), total, limit };
}

export interface OffersQuery {
  market_id?: number;
  /** Only newer offers (the relay's polls). */
  after_id?: number;
  /** Only older offers ("Load older"): with `limit`, the newest `limit` of them. */
  before_id?: number;
  limit?: number;
}

/**
 * The Graph tab: a match's offers of one market (or of all, for the relay), oldest first; `after_id`
 * fetches only newer ones, `before_id` (with `limit`: the newest `limit` of them) older ones.
 */
export async function matchOffers(db: Db, matchId: number, query: OffersQuery = {}): Promise<ListReply<Offer>> {
  const filters: SQL[] = [eq(offers.matchId, matchId)];
  if (query.market_id) filters.push(eq(offers.marketId, query.market_id));
  if (query.after_id) filters.push(gt(offers.id, query.after_id));
  if (query.before_id) filters.push(lt(offers.id, query.before_id));
  const select = db
    .select(columns)
    .from(offers)
    .innerJoin(markets, eq(markets.id, offers.marketId))
    .where(and(...filters));
  const rows = query.limit
    ? (await select.orderBy(desc(offers.id)).limit(query.limit)).sort((a, b) => a.offer.sentAt.getTime() - b.offer.sentAt.getTime() || a.offer.id - b.offer.id)
    : await select.orderBy(asc(offers.sentAt), asc(offers.id));
  return { results: await toOffers(db, rows, false), total: rows.length, limit: query.limit ?? Math.max(1, rows.length) };
}

export async function getOffer(db: Db, offerId: number): Promise<Offer | null> {
  const rows = await db.select(columns).from(offers).innerJoin(markets, eq(markets.id, offers.marketId)).where(eq(offers.id, offerId));
  return rows.length ? (await toOffers(db, rows, true))[0]! : null;
}
