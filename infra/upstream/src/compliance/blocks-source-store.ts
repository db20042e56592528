import { eq, sql } from 'drizzle-orm';
import type { BlocksSource, BlocksSourceInput, BlocksSourceState } from '@odds/protocol';
import type { Db } from '../db/client';
import { complianceSources, complianceSourceSecrets, providers } from '../db/schema';
import { Errors } from '../errors';
import { conflictFor, versionedWrite, type WriteStore } from '../coedit/versioned';
import { expectedVersion } from '../coedit/conflict';
import { sealSecrets } from '../engine/channels/secrets';
import { sourceContext } from '../engine/compliance/view';

/**
 * A provider's blocks source and "no consent recorded suppresses" (docs/compliance.md), saved like
 * channel credentials: versioned and audited (history reads compliance_sources, which holds
 * whether a secret is set, never the secret), the secret sealed under the channel secrets key in
 * compliance_source_secrets. A provider with no record reads as the process's mode: consent
 * required in production.
 */

type Row = typeof complianceSources.$inferSelect;

function present(providerId: number, row: Row | undefined, production: boolean): BlocksSource {
  return {
    provider_id: providerId,
    configured: !!row?.baseUrl,
    base_url: row?.baseUrl ?? null,
    auth: (row?.auth as BlocksSource['auth'] | undefined) ?? 'api_key',
    username: row?.username ?? null,
    secret_set: row?.secretSet ?? false,
    consent_required: row ? row.consentRequired : production,
    state: (row?.baseUrl ? (row.state === 'not_configured' ? 'ok' : row.state) : 'not_configured') as BlocksSourceState,
    last_error: row?.baseUrl ? row.lastError : null,
    checked_at: row?.checkedAt?.toISOString() ?? null,
    version: row?.version ?? null,
  };
}

async function rowOf(db: Db, providerId: number): Promise<Row | undefined> {
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId));
  if (!provider) throw new Errors.NotFound('Provider', providerId);
  const [row] = await db.select().from(complianceSources).where(eq(complianceSources.providerId, providerId));
  return row;
}

export async function getSource(db: Db, providerId: number, production: boolean): Promise<BlocksSource> {
  return present(providerId, await rowOf(db, providerId), production);
}

interface Call {
  user: { id: number; name: string };
  request: { headers: Record<string, string | string[] | undefined> };
  body?: unknown;
}

export async function saveSource(
  store: WriteStore,
  call: Call,
  providerId: number,
  input: BlocksSourceInput,
  secretsKey: string | null,
  production: boolean,
): Promise<BlocksSource> {
  const existing = await rowOf(store.db, providerId);
  const secret = input.secret?.trim() ?? '';
  if (secret && !secretsKey) throw new Errors.ChannelKeyMissing();
  if (input.auth === 'basic' && input.base_url && !input.username?.trim()) throw new Errors.BadRequest('Basic authentication needs a user name.');
  const saved = await versionedWrite(
    store,
    {
      entity: 'blocks_source',
      actor: { id: call.user.id, name: call.user.name },
      targets: existing ? [{ id: existing.id, expected: expectedVersion(call.request.headers, call.body) }] : [],
      created: (row: Row) => (existing ? [] : [row.id]),
    },
    async (tx) => {
      const [current] = await tx.select().from(complianceSources).where(eq(complianceSources.providerId, providerId));
      if (current && (!existing || input.version === null))
        throw await conflictFor(tx, 'blocks_source', current.id, 'The blocks source was saved by someone else meanwhile; nothing was saved');
      const values = {
        baseUrl: input.base_url,
        auth: input.auth,
        username: input.username?.trim() || null,
        secretSet: secret ? true : (current?.secretSet ?? false),
        consentRequired: input.consent_required,
        state: input.base_url ? 'ok' : 'not_configured',
        lastError: null,
        updatedAt: sql`now()`,
      };
      const [row] = current
        ? await tx.update(complianceSources).set(values).where(eq(complianceSources.id, current.id)).returning()
        : await tx
            .insert(complianceSources)
            .values({ providerId, ...values })
            .onConflictDoNothing()
            .returning();
      if (!row) throw new Errors.BadRequest('The blocks source was saved by someone else meanwhile; reload and save again');
      if (secret) {
        const sealed = sealSecrets(Buffer.from(secretsKey!, 'base64'), sourceContext(providerId), { secret });
        await tx
          .insert(complianceSourceSecrets)
          .values({ sourceId: row.id, sealed })
          .onConflictDoUpdate({ target: complianceSourceSecrets.sourceId, set: { sealed } });
      }
      return row;
    },
  );
  return present(providerId, saved, production);
}
