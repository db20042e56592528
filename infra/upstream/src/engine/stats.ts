import { eq } from 'drizzle-orm';
import type { DeliveryStats } from '@odds/protocol';
import type { Db, Queryable } from '../db/client';
import { contacts, deliveries, offers } from '../db/schema';
import { Errors } from '../errors';
import { routeFor } from './channels/index';
import { sandboxPushReport } from './channels/push-report';
import { storedStats } from './channels/report';
import { sentLinkStats } from './channels/tracked-links';
import { fetchWebhookReport } from './channels/webhook';
import type { WebhookSettings } from './channels/webhook-settings';

/**
 * 'Refresh stats' of a delivery: asks its channel for the report again and stores it. A webhook
 * receiver is asked with GET url?delivery_id= through the same destination checks as a send
 * (channels/safe-http.ts); a delivery with a tracked link and no channel figures gets the link's
 * counts; a recorded push gets the sandbox report as of now where figures are simulated (the
 * embedded demo only); other channels report nothing new, so the stored stats stand.
 */
export async function refreshDeliveryStats(
  db: Queryable,
  deliveryId: number,
  nowMs: number,
  webhooks: WebhookSettings,
  timeoutMs: number,
): Promise<{ matchId: number | null; stats: DeliveryStats }> {
  const [row] = await db
    .select({ delivery: deliveries, contact: contacts, sourceId: offers.sourceId })
    .from(deliveries)
    .innerJoin(contacts, eq(contacts.id, deliveries.contactId))
    .leftJoin(offers, eq(offers.id, deliveries.offerId))
    .where(eq(deliveries.id, deliveryId));
  if (!row) throw new Errors.NotFound('Delivery', deliveryId);
  const { delivery, contact } = row;
  const stored = storedStats(delivery.stats);
  const route = routeFor(contact, false);
  let stats: DeliveryStats | null = stored;
  if (route.kind === 'webhook' && delivery.status === 'SENT') {
    stats = (await fetchWebhookReport(route.url, delivery.id, { timeoutMs, policy: webhooks.policy })) ?? stored;
  } else if (delivery.status === 'RECORDED' && delivery.channelId === 1 && webhooks.simulatedStats) {
    const key = `${delivery.matchId}:${row.sourceId ?? delivery.offerId}:${contact.id}:${delivery.language}`;
    stats = sandboxPushReport(contact, key, delivery.feedAt.getTime(), nowMs);
  }
  if (stats === null || stats.source === 'tracked') stats = (await sentLinkStats(db as Db, delivery.id)) ?? stats;
  if (JSON.stringify(stats) !== JSON.stringify(delivery.stats)) await db.update(deliveries).set({ stats }).where(eq(deliveries.id, deliveryId));
  return { matchId: delivery.matchId, stats: stats ?? { report: null, source: 'channel' } };
}
