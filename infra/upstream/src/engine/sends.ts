import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DeliveryLog } from '@odds/protocol';
import type { Db } from '../db/client';
import { deliveries, deliverySends } from '../db/schema';
import { routeFor } from './channels/index';
import type { DispatchJob } from './dispatch';

/** This process, as the claimer of the sends it makes. */
export const SENDER_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;

/** Header that carries the delivery id, so a receiver can drop a send it already has. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKey = (deliveryId: number) => `delivery-${deliveryId}`;

/**
 * Records a send before it is made (delivery_sends, committed on its own): the delivery must still
 * be PENDING and nobody else may hold a live claim on it. Returns the attempt number, or null when
 * the send is not this process's to make (sent already, or another worker is sending it).
 */
export async function claimSend(db: Db, deliveryId: number, leaseMs: number): Promise<number | null> {
  const result = await db.execute(sql`
    insert into delivery_sends (delivery_id, match_id, attempts, claimed_by, claimed_until)
    select d.id, d.match_id, 1, ${SENDER_ID}, now() + make_interval(secs => ${leaseMs / 1000})
    from deliveries d where d.id = ${deliveryId} and d.status = 'PENDING'
    on conflict (delivery_id) do update set attempts = delivery_sends.attempts + 1, claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until
    where delivery_sends.claimed_until is null or delivery_sends.claimed_until < now()
    returning attempts`);
  const [row] = (result as unknown as { rows: { attempts: number }[] }).rows;
  return row ? Number(row.attempts) : null;
}

/** Ends this process's claim (the outcome is on the delivery). */
export async function releaseSend(db: Db, deliveryId: number): Promise<void> {
  await db.update(deliverySends).set({ claimedBy: null, claimedUntil: null })
    .where(and(eq(deliverySends.deliveryId, deliveryId), eq(deliverySends.claimedBy, SENDER_ID)));
}

interface Orphan {
  id: number; match_id: number; match_name: string; market_id: number; market_name: string; contact_id: number; contact_name: string;
  channel_id: number; language: string; log: DeliveryLog; offer_id: number | null; score: string | null; match_time: number | null;
  odds: Record<string, number> | null; email: string | null; device_id: string | null; segment: string | null; list_id: string | null;
}

/**
 * Deliveries still PENDING that nobody is sending: their worker died between the commit and the
 * call, or during it (the lease ran out). Older than `graceMs`, so a send about to be made by the
 * worker that committed it is left to that worker. Rebuilt as the jobs Engine.dispatch makes.
 */
export async function orphanedSends(db: Db, graceMs: number, smtpConfigured: boolean, limit = 200): Promise<DispatchJob[]> {
  const result = await db.execute(sql`
    select d.id, d.match_id, m.name as match_name, d.market_id, mk.name as market_name, d.contact_id, c.name as contact_name,
      d.channel_id, d.language, d.log, d.offer_id, o.score, o.match_time, o.outcome_map as odds,
      c.email, c.device_id, c.segment, c.list_id
    from ${deliveries} d
    join matches m on m.id = d.match_id
    join markets mk on mk.id = d.market_id
    join contacts c on c.id = d.contact_id
    left join offers o on o.id = d.offer_id
    left join delivery_sends s on s.delivery_id = d.id
    where d.status = 'PENDING' and d.created_at < now() - make_interval(secs => ${graceMs / 1000})
      and (s.claimed_until is null or s.claimed_until < now())
    order by d.id limit ${limit}`);
  const rows = (result as unknown as { rows: Orphan[] }).rows;
  return rows.flatMap((r): DispatchJob[] => {
    const route = routeFor({
      id: r.contact_id, name: r.contact_name, channelId: r.channel_id, email: r.email, deviceId: r.device_id, segment: r.segment, listId: r.list_id,
    } as Parameters<typeof routeFor>[0], smtpConfigured);
    if (route.kind === 'record') return [];
    return [{
      deliveryId: r.id, matchId: r.match_id, route, log: r.log,
      payload: {
        delivery_id: r.id, match: { id: r.match_id, name: r.match_name }, market: { id: r.market_id, name: r.market_name },
        contact: { id: r.contact_id, name: r.contact_name }, channel_id: r.channel_id, language: r.language, log: r.log,
        offer: { id: r.offer_id, score: r.score, match_time: r.match_time, odds: r.odds },
      },
    }];
  });
}
