import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DeliveryStats } from '@odds/protocol';
import type { Db } from '../../db/client';
import { deliveries, trackedLinks, trackedOpens } from '../../db/schema';
import { selectRows } from '../../db/rows';

/**
 * Tracked links (docs/channels.md "Delivery figures"): a delivery's call to action is sent as
 * `{PUBLIC_URL}/t/{id}`, a redirect on our own domain that counts the opens per platform. The id
 * is 128 random bits and the target is the one stored for that delivery, never one read from the
 * address, so the redirect is no open redirect. An open is counted once per platform, visitor (a
 * keyed hash of the address) and minute, so a link-preview bot fetching it several times counts once.
 */

type Platform = 'ios' | 'android' | 'other';

/** The recipient's platform where its device id tells: an APNs token is 64 hex digits, an FCM token anything else. */
export function devicePlatform(deviceId: string | null): 'ios' | 'android' | null {
  if (!deviceId || /^https?:\/\//i.test(deviceId)) return null;
  return /^[0-9a-f]{64}$/i.test(deviceId) ? 'ios' : 'android';
}

/** The opener's platform from its User-Agent. */
function agentPlatform(userAgent: string | undefined): Platform {
  if (!userAgent) return 'other';
  if (/iPhone|iPad|iPod|\biOS\b|CFNetwork|Darwin/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

const isLinkTarget = (cta: string | null): cta is string => cta !== null && /^https?:\/\/\S+$/i.test(cta.trim());

/** The delivery's link id, made on its first send and the same on every later attempt. */
export async function trackedLinkId(db: Db, deliveryId: number, target: string, platform: 'ios' | 'android' | null): Promise<string> {
  await db
    .insert(trackedLinks)
    .values({ id: randomBytes(16).toString('base64url'), deliveryId, target: target.trim(), platform })
    .onConflictDoNothing({ target: trackedLinks.deliveryId });
  const [row] = await db.select({ id: trackedLinks.id }).from(trackedLinks).where(eq(trackedLinks.deliveryId, deliveryId));
  return row!.id;
}

/** The figures a tracked link gives: sent is the delivery itself (on its platform where known), opens as counted. */
async function linkStats(db: Db, linkId: string, platform: string | null): Promise<DeliveryStats> {
  const counted = await selectRows<{ platform: string; opens: number }>(
    db,
    sql`select platform, count(*)::int as opens from ${trackedOpens} where link_id = ${linkId} group by platform`,
  );
  const opens = (p: string) => Number(counted.find((r) => r.platform === p)?.opens ?? 0);
  const total = counted.reduce((sum, r) => sum + Number(r.opens), 0);
  return {
    source: 'tracked',
    report: {
      ios: { sent: platform === 'ios' ? 1 : 0, open: opens('ios') },
      android: { sent: platform === 'android' ? 1 : 0, open: opens('android') },
      total: { sent: 1, open: total },
    },
  };
}

/** The figures of a delivery just sent with a tracked link (opens counted before the send was settled included). */
export async function sentLinkStats(db: Db, deliveryId: number): Promise<DeliveryStats | null> {
  const [link] = await db.select().from(trackedLinks).where(eq(trackedLinks.deliveryId, deliveryId));
  return link ? linkStats(db, link.id, link.platform) : null;
}

const ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * Counts one open of a link and returns its target (and whether the open counted), or null for an id that is no link. The
 * delivery's figures become the link's unless its channel reported its own (source `channel`).
 */
export async function openTrackedLink(
  db: Db,
  linkId: string,
  opener: { userAgent: string | undefined; address: string; key: Buffer },
  nowMs: number,
): Promise<{ target: string; deliveryId: number; counted: boolean } | null> {
  if (!ID.test(linkId)) return null;
  const [link] = await db.select().from(trackedLinks).where(eq(trackedLinks.id, linkId));
  if (!link) return null;
  const visitor = createHmac('sha256', opener.key).update(opener.address).digest('base64url').slice(0, 22);
  const inserted = await db
    .insert(trackedOpens)
    .values({ linkId, platform: agentPlatform(opener.userAgent), visitor, minute: Math.floor(nowMs / 60_000) })
    .onConflictDoNothing()
    .returning({ linkId: trackedOpens.linkId });
  if (inserted.length) {
    const stats = await linkStats(db, link.id, link.platform);
    await db
      .update(deliveries)
      .set({ stats })
      .where(and(eq(deliveries.id, link.deliveryId), sql`(${deliveries.stats} is null or ${deliveries.stats}->>'source' is distinct from 'channel')`));
  }
  return { target: link.target, deliveryId: link.deliveryId, counted: inserted.length > 0 };
}

/** The key of visitor hashes when no secrets key is configured: this process's own. */
export const FALLBACK_VISITOR_KEY = randomBytes(32);

/**
 * The tracked link that stands for a delivery's call to action in a vendor message or an email
 * (`{base}/t/{id}`), when the call to action is a URL and tracked links are on (`base`, from
 * PUBLIC_URL); else null, and the call to action goes as written.
 */
export async function trackedLinkFor(db: Db, deliveryId: number, cta: string | null, base: string | null, platform: 'ios' | 'android' | null) {
  if (!base || !isLinkTarget(cta)) return null;
  return `${base.replace(/\/+$/, '')}/t/${await trackedLinkId(db, deliveryId, cta, platform)}`;
}
