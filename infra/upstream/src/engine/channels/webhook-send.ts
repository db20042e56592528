import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';
import { devicePlatform, sentLinkStats, trackedLinkFor } from './tracked-links';
import { postWebhook, type SendResult } from './webhook';
import { signatureHeaders, signingSecrets } from './webhook-secrets';
import type { WebhookSettings } from './webhook-settings';

/** One webhook delivery as the dispatcher hands it over (sends.ts DispatchJob, webhook route). */
export interface WebhookJob {
  deliveryId: number;
  url: string;
  payload: Record<string, unknown>;
  /** The delivery's idempotency key (`delivery-{id}`): the Standard Webhooks `webhook-id` too. */
  idempotencyKey: string;
  /** Header the key also goes in (Idempotency-Key), for receivers that read that one. */
  idempotencyHeader: string;
}

/**
 * Sends one webhook delivery: its call to action made a tracked link (when it is a URL and links
 * are on), the body signed with the contact's provider's secret, POSTed through the guarded call.
 * A SENT delivery without figures of its own (the receiver reported none) gets its tracked
 * link's. Without a secrets key nothing is sent (production needs WEBHOOK_SECRETS_KEY).
 */
export async function sendWebhook(db: Db, job: WebhookJob, settings: WebhookSettings, timeoutMs: number): Promise<SendResult> {
  if (!settings.secretsKey) return { status: 'FAILED', error: 'webhook signing is not configured (WEBHOOK_SECRETS_KEY)', final: true };
  const [contact] = await db
    .select({ providerId: contacts.providerId, deviceId: contacts.deviceId })
    .from(contacts)
    // The delivery's own contact, as the payload names it.
    .where(eq(contacts.id, Number((job.payload.contact as { id: number }).id)));
  if (!contact) return { status: 'FAILED', error: 'the contact no longer exists', final: true };
  let secrets: string[];
  try {
    secrets = await signingSecrets(db, settings.secretsKey, contact.providerId);
  } catch {
    return { status: 'FAILED', error: "the provider's signing secret cannot be read with this WEBHOOK_SECRETS_KEY: an admin rotates it", final: true };
  }
  const payload = await withTrackedLink(db, job, settings.trackBase, devicePlatform(contact.deviceId));
  const body = JSON.stringify(payload);
  const headers = { [job.idempotencyHeader]: job.idempotencyKey, ...signatureHeaders(secrets, job.idempotencyKey, new Date(), body) };
  const result = await postWebhook(job.url, body, { timeoutMs, headers, policy: settings.policy });
  if (result.reportIgnored) settings.warn?.({ delivery_id: job.deliveryId, reason: result.reportIgnored }, "webhook receiver's report ignored");
  if (result.status === 'SENT' && !result.stats && payload !== job.payload) return { ...result, stats: await sentLinkStats(db, job.deliveryId) };
  return result;
}

/** The payload with its call to action replaced by the delivery's tracked link (and the link given as `link`). */
async function withTrackedLink(db: Db, job: WebhookJob, base: string | null, platform: 'ios' | 'android' | null): Promise<Record<string, unknown>> {
  const log = job.payload.log as { cta: string | null } | undefined;
  const link = log ? await trackedLinkFor(db, job.deliveryId, log.cta, base, platform) : null;
  return link ? { ...job.payload, log: { ...log, cta: link }, link } : job.payload;
}
