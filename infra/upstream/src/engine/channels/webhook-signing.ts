import { eq, sql } from 'drizzle-orm';
import type { WebhookSecretRotation, WebhookSecretState } from '@odds/protocol';
import type { Db } from '../../db/client';
import { webhookSecrets, webhookSigning } from '../../db/schema';
import { conflictFor, versionedWrite, type WriteStore } from '../../coedit/versioned';
import { expectedVersion } from '../../coedit/conflict';
import { encryptSecret, newSigningSecret } from './webhook-secrets';

/**
 * Rotating a provider's webhook signing secret (docs/channels.md "Signed"): an admin's versioned,
 * audited write. The audited record is webhook_signing (who rotated, when, until when the old
 * secret signs too); the secrets stay in webhook_secrets, which history never reads. With
 * `overlap`, the old secret keeps signing beside the new one for OVERLAP_MS (each POST then
 * carries both signatures, space-separated, as Standard Webhooks allows), so receivers can move
 * to the new secret without refusing a delivery; without it (a secret that leaked) it stops at once.
 */

const OVERLAP_MS = 24 * 3_600_000;

interface RotateCall {
  user: { id: number; name: string };
  request: { headers: Record<string, string | string[] | undefined> };
  body?: unknown;
}

const signingOf = async (db: Db, providerId: number) => (await db.select().from(webhookSigning).where(eq(webhookSigning.providerId, providerId)))[0];

export async function rotateSigning(
  store: WriteStore,
  call: RotateCall,
  providerId: number,
  key: Buffer,
  rotation: WebhookSecretRotation,
): Promise<{ secret: string; createdAt: Date }> {
  const existing = await signingOf(store.db, providerId);
  const secret = newSigningSecret();
  const conflict = (tx: Db, id: number) =>
    conflictFor(tx, 'webhook_signing', id, 'The signing secret was rotated by someone else meanwhile; nothing was changed');
  const row = await versionedWrite(
    store,
    {
      entity: 'webhook_signing',
      actor: { id: call.user.id, name: call.user.name },
      targets: existing ? [{ id: existing.id, expected: expectedVersion(call.request.headers, call.body) }] : [],
      created: (r: typeof webhookSigning.$inferSelect) => (existing ? [] : [r.id]),
    },
    async (tx) => {
      // `version: null`: the admin saw no rotation; finding one is a conflict, as a stale version is.
      if (existing && rotation.version === null) throw await conflict(tx, existing.id);
      const [current] = await tx.select().from(webhookSecrets).where(eq(webhookSecrets.providerId, providerId));
      const previous = rotation.overlap && current ? current.secret : null;
      const previousUntil = previous ? new Date(Date.now() + OVERLAP_MS) : null;
      await tx
        .insert(webhookSecrets)
        .values({ providerId, secret: encryptSecret(key, secret), previousSecret: previous })
        .onConflictDoUpdate({ target: webhookSecrets.providerId, set: { secret: sql`excluded.secret`, previousSecret: previous, createdAt: sql`now()` } });
      const values = { rotatedAt: sql`now()`, previousUntil };
      const [written] = existing
        ? await tx.update(webhookSigning).set(values).where(eq(webhookSigning.id, existing.id)).returning()
        : await tx
            .insert(webhookSigning)
            .values({ providerId, ...values })
            .onConflictDoNothing()
            .returning();
      // Two admins rotating a never-rotated secret at once: the second finds the first's record.
      if (!written) throw await conflict(tx, (await signingOf(tx, providerId))!.id);
      return written;
    },
  );
  return { secret, createdAt: row.rotatedAt };
}

/** Whether the provider has a secret, since when, its rotation's version and overlap (never a secret). */
export async function signingState(db: Db, providerId: number): Promise<WebhookSecretState> {
  const [secret] = await db.select({ createdAt: webhookSecrets.createdAt }).from(webhookSecrets).where(eq(webhookSecrets.providerId, providerId));
  const signing = await signingOf(db, providerId);
  const until = signing?.previousUntil && signing.previousUntil.getTime() > Date.now() ? signing.previousUntil.toISOString() : null;
  return { configured: Boolean(secret), created_at: secret?.createdAt.toISOString() ?? null, version: signing?.version ?? null, previous_until: until };
}
