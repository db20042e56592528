import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { CHANNELS, type Delivery, type DeliveriesReply, type DeliveryStatus } from '@odds/protocol';
import type { Db } from '../db/client';
import { contacts, deliveries, deliverySends, markets, matches } from '../db/schema';
import { orderBy, pageSize } from '../db/paging';
import { storedStats } from '../engine/channels/report';

const sortable = {
  id: deliveries.id,
  created_at: deliveries.createdAt,
  sent_at: deliveries.sentAt,
  status: deliveries.status,
  channel: deliveries.channelId,
  language: deliveries.language,
  market: markets.name,
  contact: contacts.name,
  node_id: deliveries.nodeId,
  match_id: deliveries.matchId,
};

const columns = {
  delivery: deliveries,
  marketName: markets.name,
  contactName: contacts.name,
  attempts: deliverySends.attempts,
  nextAttemptAt: deliverySends.nextAttemptAt,
};
type Row = { delivery: typeof deliveries.$inferSelect; marketName: string; contactName: string; attempts: number | null; nextAttemptAt: Date | null };

const channelOf = (id: number) => {
  const channel = CHANNELS.find((c) => c.id === id) ?? CHANNELS[0];
  return { id: channel.id, name: channel.name, code: channel.code };
};

function toDelivery({ delivery: d, marketName, contactName, attempts, nextAttemptAt }: Row): Delivery {
  return {
    id: d.id,
    match_id: d.matchId,
    offer_id: d.offerId,
    channel: channelOf(d.channelId),
    market: { id: d.marketId, name: marketName },
    contact: { id: d.contactId, name: contactName },
    language: d.language as Delivery['language'],
    // Checked on read: a stored value that does not match the contract shows as N/A, never a 500.
    stats: storedStats(d.stats),
    status: d.status as DeliveryStatus,
    sent_at: d.sentAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    log: d.log,
    node_id: d.nodeId,
    attempts: attempts ?? 0,
    // Due now or later while PENDING; a call in flight shows as due at the time it was claimed for.
    next_attempt_at: d.status === 'PENDING' ? (nextAttemptAt?.toISOString() ?? null) : null,
    last_error: d.error,
  };
}

export interface DeliveryFilter {
  id?: number;
  providerId?: number;
  sportId?: number;
  matchId?: number;
  marketId?: number;
  offerId?: number;
  /** Only deliveries with a smaller id ("Load older" of the Delivery tab). */
  beforeId?: number;
  /** Only these deliveries (what the relay reads when change notices name them). */
  ids?: number[];
  channel?: number;
  /** YYYY-MM-DD, UTC days, both included; on created_at. */
  fromDate?: string;
  toDate?: string;
}

function whereOf(filter: DeliveryFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.id) parts.push(eq(deliveries.id, filter.id));
  if (filter.providerId) parts.push(eq(matches.providerId, filter.providerId));
  if (filter.sportId) parts.push(eq(matches.sportId, filter.sportId));
  if (filter.matchId) parts.push(eq(deliveries.matchId, filter.matchId));
  if (filter.marketId) parts.push(eq(deliveries.marketId, filter.marketId));
  if (filter.offerId) parts.push(eq(deliveries.offerId, filter.offerId));
  if (filter.beforeId) parts.push(lt(deliveries.id, filter.beforeId));
  if (filter.ids) parts.push(inArray(deliveries.id, filter.ids));
  if (filter.channel) parts.push(eq(deliveries.channelId, filter.channel));
  if (filter.fromDate) parts.push(gte(deliveries.createdAt, new Date(`${filter.fromDate}T00:00:00Z`)));
  if (filter.toDate) parts.push(lt(deliveries.createdAt, new Date(Date.parse(`${filter.toDate}T00:00:00Z`) + 86_400_000)));
  return and(...parts);
}

const base = (db: Db) =>
  db
    .select(columns)
    .from(deliveries)
    .innerJoin(matches, eq(matches.id, deliveries.matchId))
    .innerJoin(markets, eq(markets.id, deliveries.marketId))
    .innerJoin(contacts, eq(contacts.id, deliveries.contactId))
    .leftJoin(deliverySends, eq(deliverySends.deliveryId, deliveries.id));

export interface Page {
  start?: number;
  limit?: number;
  sort?: string;
  order_dir?: 'asc' | 'desc';
}

/** Deliveries matching a filter, sorted ('-created_at' unless asked otherwise), one page. */
export async function listDeliveries(db: Db, filter: DeliveryFilter, page: Page): Promise<DeliveriesReply> {
  const where = whereOf(filter);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(...orderBy(sortable, '-created_at', deliveries.id, page.sort, page.order_dir))
      .limit(pageSize(page.limit))
      .offset(page.start ?? 0),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(deliveries)
      .innerJoin(matches, eq(matches.id, deliveries.matchId))
      .where(where),
  ]);
  return { deliveries: rows.map(toDelivery), total };
}

/** Every delivery matching a filter, a page of `chunk` at a time (the CSV export). */
export async function* allDeliveries(db: Db, filter: DeliveryFilter, sort: string | undefined, chunk = 1000): AsyncGenerator<Delivery[]> {
  const order = orderBy(sortable, '-created_at', deliveries.id, sort);
  for (let start = 0; ; start += chunk) {
    const rows = await base(db)
      .where(whereOf(filter))
      .orderBy(...order)
      .limit(chunk)
      .offset(start);
    if (rows.length) yield rows.map(toDelivery);
    if (rows.length < chunk) return;
  }
}
