import { and, eq, sql } from 'drizzle-orm';
import { Value } from 'typebox/value';
import type { ChannelCredentials, ChannelCredentialsInput, ChannelState } from '@odds/protocol';
import type { Db, Queryable } from '../../db/client';
import { channelCredentials, channelCredentialSecrets, providers } from '../../db/schema';
import { Errors } from '../../errors';
import { conflictFor, versionedWrite, type WriteStore } from '../../coedit/versioned';
import { expectedVersion } from '../../coedit/conflict';
import { fieldsOf, VENDORS, type VendorEntry } from './registry';
import { openSecrets, sealSecrets } from './secrets';

/**
 * A provider's channel credentials (docs/channels.md): listed without secrets, saved and removed
 * through versioned, audited writes (history reads channel_credentials, whose row holds the
 * names of the secrets set, never their values), and opened for sending with the secrets key.
 */

type Row = typeof channelCredentials.$inferSelect;
const context = (providerId: number, vendor: string) => `channel:${providerId}:${vendor}`;

function entryOf(vendor: string): VendorEntry {
  const entry = VENDORS[vendor];
  if (!entry) throw new Errors.NotFound('Channel vendor', vendor);
  return entry;
}

function present(vendor: string, row: Row | undefined): ChannelCredentials {
  const entry = entryOf(vendor);
  return {
    vendor,
    name: entry.name,
    channels: entry.channels,
    state: (row?.state as ChannelState | undefined) ?? 'not_configured',
    last_error: row?.lastError ?? null,
    settings: row?.settings ?? {},
    secrets_set: row?.secretNames ?? [],
    fields: fieldsOf(entry),
    version: row?.version ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

async function providerMustExist(db: Queryable, providerId: number): Promise<void> {
  const [found] = await db.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId));
  if (!found) throw new Errors.NotFound('Provider', providerId);
}

/** Every vendor of the registry for the provider, configured or not. */
export async function listChannels(db: Db, providerId: number): Promise<ChannelCredentials[]> {
  await providerMustExist(db, providerId);
  const rows = await db.select().from(channelCredentials).where(eq(channelCredentials.providerId, providerId));
  return Object.keys(VENDORS).map((vendor) =>
    present(
      vendor,
      rows.find((r) => r.vendor === vendor),
    ),
  );
}

async function rowOf(db: Queryable, providerId: number, vendor: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(channelCredentials)
    .where(and(eq(channelCredentials.providerId, providerId), eq(channelCredentials.vendor, vendor)));
  return row;
}

/** The stored secrets of a record, opened (empty when none). */
async function storedSecrets(db: Queryable, row: Row, key: Buffer): Promise<Record<string, string>> {
  const [sealed] = await db.select().from(channelCredentialSecrets).where(eq(channelCredentialSecrets.credentialId, row.id));
  return sealed ? openSecrets(key, context(row.providerId, row.vendor), sealed.sealed) : {};
}

/** Settings and secrets together, checked against the vendor's schema: a 400 naming the field otherwise. */
function checked(entry: VendorEntry, settings: Record<string, string>, secrets: Record<string, string>): Record<string, string> {
  const fields = fieldsOf(entry);
  for (const name of [...Object.keys(settings), ...Object.keys(secrets)]) {
    const field = fields.find((f) => f.name === name);
    if (!field) throw new Errors.BadRequest(`${entry.name} has no field '${name}'`);
    if (field.secret !== name in secrets)
      throw new Errors.BadRequest(`'${name}' is ${field.secret ? 'a secret: send it under secrets' : 'not a secret: send it under settings'}`);
  }
  const all = { ...settings, ...secrets };
  const error = Value.Errors(entry.credentials, all)[0];
  if (error) {
    const name = error.instancePath.replace(/^\//, '') || String((error.params as { requiredProperties?: string[] }).requiredProperties?.[0] ?? '');
    const label = fields.find((f) => f.name === name)?.label ?? name;
    throw new Errors.BadRequest(`${label}: ${error.message}`);
  }
  const problem = entry.check?.(all as never);
  if (problem) throw new Errors.BadRequest(`${entry.name}: ${problem}`);
  return all;
}

interface SaveCall {
  user: { id: number; name: string };
  request: { headers: Record<string, string | string[] | undefined> };
  body?: unknown;
}

/**
 * Saves a channel's credentials (an empty or missing secret keeps the stored one), in one
 * versioned, audited transaction; the first save creates the record (two admins saving the first
 * at once, each with `version: null`: the second gets a 409). The state goes back to configured.
 */
export async function saveChannel(
  store: WriteStore,
  call: SaveCall,
  providerId: number,
  vendor: string,
  input: ChannelCredentialsInput,
  keyText: string | null,
): Promise<ChannelCredentials> {
  const entry = entryOf(vendor);
  if (!keyText) throw new Errors.ChannelKeyMissing();
  const key = Buffer.from(keyText, 'base64');
  await providerMustExist(store.db, providerId);
  const existing = await rowOf(store.db, providerId, vendor);
  const expected = expectedVersion(call.request.headers, call.body);
  // `version: null`: the caller saw no credentials; finding some is a conflict, as a stale version is.
  const expectsNone = input.version === null;
  const given = Object.fromEntries(Object.entries(input.secrets).filter(([, value]) => value !== ''));
  const saved = await versionedWrite(
    store,
    {
      entity: 'channel_credentials',
      actor: { id: call.user.id, name: call.user.name },
      targets: existing ? [{ id: existing.id, expected }] : [],
      created: (row: Row) => (existing ? [] : [row.id]),
    },
    async (tx) => {
      const current = await rowOf(tx, providerId, vendor);
      if (current && (!existing || expectsNone))
        throw await conflictFor(tx, 'channel_credentials', current.id, `${entry.name} was configured by someone else meanwhile; nothing was saved`);
      if (!current && existing) throw new Errors.NotFound('Channel credentials', vendor);
      const secrets = { ...(current ? await storedSecrets(tx, current, key) : {}), ...given };
      checked(entry, input.settings, secrets);
      const values = { settings: input.settings, secretNames: Object.keys(secrets).sort(), state: 'configured', lastError: null, updatedAt: sql`now()` };
      const [row] = current
        ? await tx.update(channelCredentials).set(values).where(eq(channelCredentials.id, current.id)).returning()
        : await tx
            .insert(channelCredentials)
            .values({ providerId, vendor, ...values })
            .onConflictDoNothing()
            .returning();
      if (!row) throw new Errors.BadRequest(`${entry.name} was configured by someone else meanwhile; reload and save again`);
      const sealed = sealSecrets(key, context(providerId, vendor), secrets);
      await tx
        .insert(channelCredentialSecrets)
        .values({ credentialId: row.id, sealed })
        .onConflictDoUpdate({ target: channelCredentialSecrets.credentialId, set: { sealed } });
      return row;
    },
  );
  return present(vendor, saved);
}

/** Removes a channel's credentials (versioned, audited); its contacts are suppressed from then on. */
export async function removeChannel(store: WriteStore, call: SaveCall, providerId: number, vendor: string): Promise<void> {
  const entry = entryOf(vendor);
  const existing = await rowOf(store.db, providerId, vendor);
  if (!existing) throw new Errors.ChannelNotConfigured(entry.name);
  await versionedWrite(
    store,
    {
      entity: 'channel_credentials',
      actor: { id: call.user.id, name: call.user.name },
      targets: [{ id: existing.id, expected: expectedVersion(call.request.headers, call.body), action: 'delete' }],
    },
    (tx) => tx.delete(channelCredentials).where(eq(channelCredentials.id, existing.id)),
  );
}

/** Credentials opened for sending: the record's id (its pace and state are kept under it), state and values. */
export interface OpenCredentials {
  id: number;
  state: ChannelState;
  values: Record<string, string>;
}

/** The provider's credentials for a vendor, secrets opened; null when none are saved. Throws a message for admins when they cannot be opened. */
export async function openChannel(db: Db, providerId: number, vendor: string, keyText: string | null): Promise<OpenCredentials | null> {
  const row = await rowOf(db, providerId, vendor);
  if (!row) return null;
  if (!keyText) throw new Error('the server has no CHANNEL_SECRETS_KEY to open the saved credentials with');
  let secrets: Record<string, string>;
  try {
    secrets = await storedSecrets(db, row, Buffer.from(keyText, 'base64'));
  } catch {
    throw new Error('the saved secrets do not open with this server’s CHANNEL_SECRETS_KEY (was the key changed?)');
  }
  return { id: row.id, state: row.state as ChannelState, values: { ...row.settings, ...secrets } };
}

/** What the last call said of the credentials: failing with the vendor's error, or configured again after a send went. Not a versioned edit: the engine's. */
export async function markChannel(db: Queryable, credentialId: number, state: 'configured' | 'failing', error: string | null): Promise<void> {
  await db.update(channelCredentials).set({ state, lastError: error }).where(eq(channelCredentials.id, credentialId));
}
