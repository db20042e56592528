import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DeliveryLog } from '@odds/protocol';
import type { Db } from '../db/client';
import { deliveries, deliverySends } from '../db/schema';
import { routeFor, type ChannelRoute } from './channels/index';

/** A delivery recorded as PENDING that an adapter must send. */
export interface DispatchJob {
  deliveryId: number;
  matchId: number;
  route: Exclude<ChannelRoute, { kind: 'record' } | { kind: 'unconfigured' }>;
  log: DeliveryLog;
  /** The contact's provider (whose credentials a vendor send uses), contact, market and language. */
  providerId?: number;
  contactId?: number;
  marketId?: number;
  language?: string;
  /** When the delivery was decided (a vendor message is worth sending for CHANNEL_MESSAGE_TTL from then). */
  createdMs?: number;
  /** What a webhook receives (see docs/engine-rules.md "Channels"). */
  payload: Record<string, unknown>;
  /** Set when the send was claimed already (a due retry), to this attempt number. */
  attempt?: number;
}

/** This process, as the claimer of the sends it makes. */
export const SENDER_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;

/** Header that carries the delivery id, so a receiver can drop a send it already has. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKey = (deliveryId: number) => `delivery-${deliveryId}`;

const at = (ms: number) => new Date(ms).toISOString();
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface Claim {
  /** Who claims (SENDER_ID; tests run two senders in one process). */
  sender: string;
  leaseMs: number;
  /** The senders' clock (retry times are planned and compared on it). */
  nowMs: number;
}

/**
 * Records a send before it is made (delivery_sends, committed on its own): the delivery must still
 * be PENDING, nobody else may hold a live claim on it, and a retry planned for later is not taken
 * early. The first claim starts the retry deadline. Returns the attempt number, or null when the
 * send is not this process's to make (sent already, another worker is sending it, or not due).
 */
export async function claimSend(db: Db, deliveryId: number, claim: Claim & { deadlineMs: number }): Promise<number | null> {
  const now = at(claim.nowMs);
  const result = await db.execute(sql`
    insert into delivery_sends (delivery_id, match_id, attempts, claimed_by, claimed_until, next_attempt_at, deadline_at, last_attempt_at)
    select d.id, d.match_id, 1, ${claim.sender}, ${at(claim.nowMs + claim.leaseMs)}::timestamptz, ${now}::timestamptz,
      ${at(claim.nowMs + claim.deadlineMs)}::timestamptz, ${now}::timestamptz
    from deliveries d where d.id = ${deliveryId} and d.status = 'PENDING'
    on conflict (delivery_id) do update set attempts = delivery_sends.attempts + 1, claimed_by = excluded.claimed_by,
      claimed_until = excluded.claimed_until, last_attempt_at = excluded.last_attempt_at
    where (delivery_sends.claimed_until is null or delivery_sends.claimed_until < excluded.last_attempt_at)
      and delivery_sends.next_attempt_at <= excluded.last_attempt_at
    returning attempts`);
  const [row] = rowsOf<{ attempts: number }>(result);
  return row ? Number(row.attempts) : null;
}

/**
 * Claims up to `limit` sends that are due (a planned retry whose time came, or a call whose worker
 * died mid-way: its lease ran out), oldest first. FOR UPDATE SKIP LOCKED: workers polling at once
 * each take other rows, none waits for another, and a row is claimed by one of them only.
 */
export async function claimDue(db: Db, claim: Claim & { limit: number }): Promise<{ deliveryId: number; attempt: number }[]> {
  const now = at(claim.nowMs);
  const result = await db.execute(sql`
    with due as (
      select s.delivery_id from delivery_sends s join deliveries d on d.id = s.delivery_id
      where s.next_attempt_at <= ${now}::timestamptz and d.status = 'PENDING'
        and (s.claimed_until is null or s.claimed_until < ${now}::timestamptz)
      order by s.next_attempt_at limit ${claim.limit}
      for update of s skip locked
    )
    update delivery_sends s set attempts = s.attempts + 1, claimed_by = ${claim.sender},
      claimed_until = ${at(claim.nowMs + claim.leaseMs)}::timestamptz, last_attempt_at = ${now}::timestamptz
    from due where s.delivery_id = due.delivery_id
    returning s.delivery_id, s.attempts`);
  return rowsOf<{ delivery_id: number; attempts: number }>(result).map((r) => ({ deliveryId: Number(r.delivery_id), attempt: Number(r.attempts) }));
}

/**
 * Puts a send back, due at `atMs`, without a call made (its channel must wait: channels/pacing.ts):
 * this sender's claim ends and the attempt it counted is given back; a send nobody claimed yet
 * gets its row (its retry deadline starts). Another sender's live claim is left alone.
 */
export async function deferSend(db: Db, deliveryId: number, atMs: number, sender: string, deadlineMs: number, nowMs: number): Promise<void> {
  await db.execute(sql`
    insert into delivery_sends (delivery_id, match_id, attempts, next_attempt_at, deadline_at)
    select d.id, d.match_id, 0, ${at(atMs)}::timestamptz, ${at(nowMs + deadlineMs)}::timestamptz
    from deliveries d where d.id = ${deliveryId} and d.status = 'PENDING'
    on conflict (delivery_id) do update set next_attempt_at = excluded.next_attempt_at, claimed_by = null, claimed_until = null,
      attempts = greatest(0, delivery_sends.attempts - (case when delivery_sends.claimed_by = ${sender} then 1 else 0 end))
    where delivery_sends.claimed_by is null or delivery_sends.claimed_by = ${sender} or delivery_sends.claimed_until < ${at(nowMs)}::timestamptz`);
}

/** Ends this process's claim (the outcome is on the delivery). */
export async function releaseSend(db: Db, deliveryId: number, sender = SENDER_ID): Promise<void> {
  await db
    .update(deliverySends)
    .set({ claimedBy: null, claimedUntil: null })
    .where(and(eq(deliverySends.deliveryId, deliveryId), eq(deliverySends.claimedBy, sender)));
}

interface Orphan {
  id: number;
  match_id: number;
  match_name: string;
  market_id: number;
  market_name: string;
  contact_id: number;
  contact_name: string;
  channel_id: number;
  language: string;
  log: DeliveryLog;
  offer_id: number | null;
  score: string | null;
  match_time: number | null;
  odds: Record<string, number> | null;
  email: string | null;
  device_id: string | null;
  segment: string | null;
  list_id: string | null;
  mobile: string | null;
  twitter: string | null;
  provider_id: number;
  created_ms: number;
  vendors: string[] | string | null;
}

const JOB_COLUMNS = sql`
  d.id, d.match_id, m.name as match_name, d.market_id, mk.name as market_name, d.contact_id, c.name as contact_name,
  d.channel_id, d.language, d.log, d.offer_id, o.score, o.match_time, o.outcome_map as odds,
  c.email, c.device_id, c.segment, c.list_id, c.mobile, c.twitter, c.provider_id,
  (extract(epoch from d.created_at) * 1000)::float8 as created_ms,
  array(select cc.vendor from channel_credentials cc where cc.provider_id = c.provider_id) as vendors
  from ${deliveries} d
  join matches m on m.id = d.match_id
  join markets mk on mk.id = d.market_id
  join contacts c on c.id = d.contact_id
  left join offers o on o.id = d.offer_id`;

/**
 * Deliveries still PENDING that no sender ever claimed: their worker died between the commit and
 * the call. Older than `graceMs`, so a send about to be made by the worker that committed it is
 * left to that worker. (A call cut short mid-way is due again through `claimDue`.)
 */
export async function orphanedSends(db: Db, graceMs: number, smtpConfigured: boolean, limit = 200): Promise<DispatchJob[]> {
  const result = await db.execute(sql`
    select ${JOB_COLUMNS}
    where d.status = 'PENDING' and d.created_at < now() - make_interval(secs => ${graceMs / 1000})
      and not exists (select 1 from delivery_sends s where s.delivery_id = d.id)
    order by d.id limit ${limit}`);
  return toJobs(rowsOf<Orphan>(result), smtpConfigured);
}

/** The jobs of deliveries by id, rebuilt as Engine.dispatch makes them (the same payload every attempt). */
export async function jobsFor(db: Db, ids: number[], smtpConfigured: boolean): Promise<DispatchJob[]> {
  if (!ids.length) return [];
  const result = await db.execute(
    sql`select ${JOB_COLUMNS} where d.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by d.id`,
  );
  return toJobs(rowsOf<Orphan>(result), smtpConfigured);
}

/** A text[] as the drivers return it: an array (pg, PGlite) or its literal. */
const vendorList = (value: string[] | string | null): string[] =>
  Array.isArray(value)
    ? value
    : value
      ? value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : [];

function toJobs(rows: Orphan[], smtpConfigured: boolean): DispatchJob[] {
  return rows.flatMap((r): DispatchJob[] => {
    const route = routeFor(
      {
        id: r.contact_id,
        name: r.contact_name,
        channelId: r.channel_id,
        email: r.email,
        deviceId: r.device_id,
        segment: r.segment,
        listId: r.list_id,
        mobile: r.mobile,
        twitter: r.twitter,
      } as Parameters<typeof routeFor>[0],
      { smtp: smtpConfigured, vendors: new Set(vendorList(r.vendors)) },
    );
    if (route.kind === 'record' || route.kind === 'unconfigured') return [];
    return [
      {
        deliveryId: r.id,
        matchId: r.match_id,
        route,
        log: r.log,
        providerId: r.provider_id,
        contactId: r.contact_id,
        marketId: r.market_id,
        language: r.language,
        createdMs: Number(r.created_ms),
        payload: {
          delivery_id: r.id,
          match: { id: r.match_id, name: r.match_name },
          market: { id: r.market_id, name: r.market_name },
          contact: { id: r.contact_id, name: r.contact_name },
          channel_id: r.channel_id,
          language: r.language,
          log: r.log,
          offer: { id: r.offer_id, score: r.score, match_time: r.match_time, odds: r.odds },
        },
      },
    ];
  });
}
