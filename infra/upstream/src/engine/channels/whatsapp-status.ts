import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { CHANNELS, type DeliveryStats } from '@odds/protocol';
import type { Tx } from '../../db/client';
import { deliveries, matches } from '../../db/schema';
import type { Change } from '../../notices/bus';
import { vendorWords } from './vendor-http';
import { whatsappOutcome } from './whatsapp-errors';

/**
 * WhatsApp's status notifications (docs/channels.md "Status webhooks"): Meta posts
 * `sent`, `delivered`, `read` and `failed` for each message it accepted, signed with the app
 * secret. Each status is folded into the delivery whose `vendor_message_id` is the message's
 * wamid: delivered and read become its figures, failed marks it FAILED with Meta's error. Folding
 * is idempotent and order-free: a repeat changes nothing, a read before its delivered is a read.
 */

/** `X-Hub-Signature-256: sha256=<hex>` against the HMAC-SHA256 of the raw body, compared in constant time. */
export function validHubSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1];
  if (!hex) return false;
  return timingSafeEqual(Buffer.from(hex, 'hex'), createHmac('sha256', appSecret).update(rawBody).digest());
}

/** Two texts compared in constant time whatever their lengths (the webhook's verify token). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const StatusError = Type.Object({ code: Type.Integer(), title: Type.Optional(Type.String()) });
const Status = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 256 }),
  status: Type.String(),
  errors: Type.Optional(Type.Array(StatusError)),
});
/** A notification as Meta posts it (only what is read here; the rest may be anything). */
const WhatsappNotification = Type.Object({
  object: Type.Literal('whatsapp_business_account'),
  entry: Type.Array(
    Type.Object({
      changes: Type.Array(Type.Object({ field: Type.String(), value: Type.Object({ statuses: Type.Optional(Type.Array(Status)) }) })),
    }),
  ),
});
type Status = Static<typeof Status>;

/** The statuses of a notification, or null when it is not a WhatsApp notification. */
export function statusesOf(body: unknown): Status[] | null {
  if (!Value.Check(WhatsappNotification, body)) return null;
  return body.entry.flatMap((entry) => entry.changes.filter((change) => change.field === 'messages').flatMap((change) => change.value.statuses ?? []));
}

const WHATSAPP = CHANNELS.find((channel) => channel.code === 'WHATSAPP')!.id;
const none = { sent: 0, open: 0 };

/** The figures a status leaves: WhatsApp knows no platform, so only the total counts; never less than before. */
function statsAfter(status: 'delivered' | 'read', before: DeliveryStats | null): DeliveryStats {
  const opened = status === 'read' || (before?.report?.total.open ?? 0) > 0;
  return { report: { ios: none, android: none, total: { sent: 1, open: opened ? 1 : 0 } }, source: 'channel' };
}

interface Folded {
  changed: number;
  notices: Change[];
}

/**
 * Folds statuses into the provider's WhatsApp deliveries, in the caller's transaction; each row is
 * locked while it is read and written, so two notifications about one message never lose either.
 * A status of a message no delivery of this provider names is ignored (another app's, or one that
 * is not recorded yet).
 */
export async function foldStatuses(tx: Tx, providerId: number, statuses: readonly Status[]): Promise<Folded> {
  const changedByMatch = new Map<number, Set<number>>();
  let changed = 0;
  for (const status of statuses) {
    if (!['delivered', 'read', 'failed'].includes(status.status)) continue;
    const [row] = await tx
      .select({ id: deliveries.id, matchId: deliveries.matchId, status: deliveries.status, stats: deliveries.stats, error: deliveries.error })
      .from(deliveries)
      .innerJoin(matches, eq(matches.id, deliveries.matchId))
      .where(and(eq(deliveries.vendorMessageId, status.id), eq(deliveries.channelId, WHATSAPP), eq(matches.providerId, providerId)))
      .for('update', { of: deliveries });
    if (!row) continue;
    let update: Partial<typeof deliveries.$inferInsert> | null = null;
    if (status.status === 'failed') {
      const first = status.errors?.[0];
      const error = first ? whatsappOutcome(400, first.code, vendorWords(first.title)).error : 'WhatsApp: the message failed';
      if (row.status !== 'FAILED' || row.error !== error) update = { status: 'FAILED', error };
    } else {
      const stats = statsAfter(status.status as 'delivered' | 'read', row.stats);
      // Compared as values: the database gives jsonb keys back in its own order.
      if (!isDeepStrictEqual(stats, row.stats)) update = { stats };
    }
    if (!update) continue;
    await tx.update(deliveries).set(update).where(eq(deliveries.id, row.id));
    changed++;
    if (row.matchId !== null) changedByMatch.set(row.matchId, (changedByMatch.get(row.matchId) ?? new Set()).add(row.id));
  }
  const notices = [...changedByMatch].map(([matchId, ids]): Change => ({ match_id: matchId, topics: ['deliveries'], delivery_ids: [...ids] }));
  return { changed, notices };
}
