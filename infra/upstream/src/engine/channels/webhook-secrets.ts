import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Queryable } from '../../db/client';
import { webhookSecrets, webhookSigning } from '../../db/schema';

/**
 * Webhook signing (Standard Webhooks): every POST carries `webhook-id` (the delivery's idempotency
 * key, the same on every attempt), `webhook-timestamp` (seconds) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`), so a receiver verifies it with any
 * Standard Webhooks library and the provider's secret. The secret is per provider, generated here,
 * stored encrypted (AES-256-GCM under WEBHOOK_SECRETS_KEY) and shown once, to the admin who rotates it.
 */

/** A fresh signing secret: `whsec_` and 32 random bytes in base64 (the form Standard Webhooks libraries take). */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The secret as stored: `v1:<iv>:<tag>:<ciphertext>`, base64, a fresh 96-bit IV each time. */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

/** The stored secret decrypted; throws when the key is not the one it was stored under. */
function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a stored secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

/**
 * The secrets the provider's webhooks are signed with now: its current one, made on its first
 * webhook when it has none yet (the webhooks of a provider are always signed; an admin rotates it
 * to learn one; two senders making it at once keep the first one stored), and the one before the
 * last rotation while its overlap lasts (webhook-signing.ts).
 */
export async function signingSecrets(db: Queryable, key: Buffer, providerId: number, nowMs = Date.now()): Promise<string[]> {
  await db
    .insert(webhookSecrets)
    .values({ providerId, secret: encryptSecret(key, newSigningSecret()) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: webhookSecrets.secret, previous: webhookSecrets.previousSecret, until: webhookSigning.previousUntil })
    .from(webhookSecrets)
    .leftJoin(webhookSigning, eq(webhookSigning.providerId, webhookSecrets.providerId))
    .where(eq(webhookSecrets.providerId, providerId));
  const current = decryptSecret(key, row!.secret);
  return row!.previous && row!.until && row!.until.getTime() > nowMs ? [current, decryptSecret(key, row!.previous)] : [current];
}

/** The provider's current signing secret (made when it has none). */
export async function signingSecret(db: Queryable, key: Buffer, providerId: number): Promise<string> {
  return (await signingSecrets(db, key, providerId))[0]!;
}

/**
 * The Standard Webhooks headers of one POST body: one `v1,…` signature per secret, space-separated
 * (as the standard allows), so during a rotation's overlap a receiver with either secret verifies it.
 */
export function signatureHeaders(secrets: string | string[], id: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': [secrets]
      .flat()
      .map((secret) => new Webhook(secret).sign(id, at, body))
      .join(' '),
  };
}
