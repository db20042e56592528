import { createHmac } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPath, routes } from '@odds/protocol';
import { createTestUpstream, deliveries, matches, type TestUpstream } from '@odds/upstream/testing';
import { acquirePostgres } from '../support/postgres';

// WhatsApp status notifications about the same messages arriving at once, on a real Postgres
// server (PGlite runs one statement at a time, so only here do two folds truly overlap).
const postgres = await acquirePostgres();
if ('skip' in postgres) console.warn(`[whatsapp status race skipped] ${postgres.skip}`);

const appSecret = 'race-app-secret';

function notification(wamid: string, status: string): { raw: string; signature: string } {
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1',
        changes: [
          { field: 'messages', value: { messaging_product: 'whatsapp', statuses: [{ id: wamid, status, timestamp: '1', recipient_id: '4512345678' }] } },
        ],
      },
    ],
  });
  return { raw, signature: `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}` };
}

describe.skipIf('skip' in postgres)('WhatsApp statuses folded concurrently on Postgres', () => {
  let upstream: TestUpstream | undefined;
  afterAll(async () => {
    await upstream?.close();
    if (!('skip' in postgres)) await postgres.release();
  });

  it('loses no status when delivered, read and their repeats for the same messages arrive together', async () => {
    if ('skip' in postgres) return;
    upstream = await createTestUpstream({ databaseUrl: postgres.url, whatsappWebhook: { appSecret, verifyToken: 'v' } });
    const { db } = upstream.database;
    const [match] = await db.select({ id: matches.id, providerId: matches.providerId }).from(matches).limit(1);
    const wamids = Array.from({ length: 6 }, (_, i) => `wamid.race-${i}`);
    const rows = await db
      .insert(deliveries)
      .values(
        wamids.map((wamid) => ({
          matchId: match!.id,
          marketId: 1,
          contactId: 1,
          channelId: 7,
          language: 'en',
          nodeId: 'PRE',
          status: 'SENT',
          vendorMessageId: wamid,
          log: { subject: 's', body: 'b', cta: null, content: null },
        })),
      )
      .returning({ id: deliveries.id });
    const url = buildPath(routes.whatsappWebhook, { p: match!.providerId });
    const posts = wamids.flatMap((wamid) => ['delivered', 'read', 'delivered', 'read', 'sent'].map((status) => notification(wamid, status)));
    const replies = await Promise.all(
      posts.map(({ raw, signature }) =>
        upstream!.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, payload: raw }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(posts.map(() => 200));
    // Each message changed at most twice (delivered, then read) and at least once, whatever the order.
    const changed = replies.reduce((sum, r) => sum + r.json<{ changed: number }>().changed, 0);
    expect(changed).toBeGreaterThanOrEqual(wamids.length);
    expect(changed).toBeLessThanOrEqual(2 * wamids.length);
    const stored = await db
      .select({ stats: deliveries.stats })
      .from(deliveries)
      .where(
        inArray(
          deliveries.id,
          rows.map((r) => r.id),
        ),
      );
    expect(stored.map((row) => row.stats?.report?.total)).toEqual(wamids.map(() => ({ sent: 1, open: 1 })));
  });
});
