import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelOauthTokens } from '../../db/schema';
import type { ChannelOutcome, RotatingTokens, TokenStore } from './adapter';
import { openSecrets, sealSecrets } from './secrets';
import { renewedSince } from './x-auth';

/**
 * The rotating OAuth tokens of one provider's credentials, shared by every engine worker
 * (docs/channels.md "X"): X's refresh token is single-use, so two workers that both find the
 * access token lapsed must not both spend it. The current pair is a row of channel_oauth_tokens,
 * sealed under CHANNEL_SECRETS_KEY; a renewal is made by the one worker holding the row's lease
 * (taken in one atomic upsert, so two never hold it), the others wait for the pair it writes
 * and use that. A holder that dies mid-call leaves a lease that runs out after `LEASE_MS`.
 */

/** Longer than any one call to the token endpoint (DELIVERY_TIMEOUT_MS, 5 s by default). */
const LEASE_MS = 30_000;
/** How often a waiting worker looks for the pair the holder wrote. */
const WAIT_STEP_MS = 50;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function databaseTokenStore(db: Db, keyText: string, credentialId: number, now: () => number = Date.now): TokenStore {
  const key = Buffer.from(keyText, 'base64');
  const holder = randomUUID();
  const context = (name: string) => `oauth:${credentialId}:${name}`;

  const open = (name: string, sealed: string | null): RotatingTokens | null => {
    if (!sealed) return null;
    const values = openSecrets(key, context(name), sealed);
    return { accessToken: values.accessToken!, refreshToken: values.refreshToken!, expiresAtMs: values.expiresAtMs ? Number(values.expiresAtMs) : null };
  };

  const get = async (name: string) => {
    const [row] = await db.select({ sealed: channelOauthTokens.sealed }).from(channelOauthTokens).where(eq(channelOauthTokens.key, name));
    return open(name, row?.sealed ?? null);
  };

  /** Takes the lease when nobody holds a live one; the stored pair's row (sealed may be null) when taken, else null. */
  const lease = async (name: string) => {
    const at = Math.floor(now());
    const [row] = rowsOf<{ sealed: string | null }>(
      await db.execute(sql`
        insert into channel_oauth_tokens (key, credential_id, renewing_by, renewing_until_ms) values (${name}, ${credentialId}, ${holder}, ${at + LEASE_MS}::bigint)
        on conflict (key) do update set renewing_by = excluded.renewing_by, renewing_until_ms = excluded.renewing_until_ms
        where channel_oauth_tokens.renewing_until_ms < ${at}::bigint
        returning sealed`),
    );
    return row ?? null;
  };

  const release = (name: string, tokens: RotatingTokens | null) =>
    db.transaction(async (tx) => {
      const sealed = tokens && sealSecrets(key, context(name), { ...tokens, expiresAtMs: tokens.expiresAtMs === null ? '' : String(tokens.expiresAtMs) });
      await tx
        .update(channelOauthTokens)
        .set({ renewingBy: null, renewingUntilMs: 0, ...(sealed && { sealed, updatedAt: sql`now()` }) })
        .where(tokens ? eq(channelOauthTokens.key, name) : and(eq(channelOauthTokens.key, name), eq(channelOauthTokens.renewingBy, holder)));
      // The pairs of the sign-ins saved before this one can renew nothing any more.
      if (tokens) await tx.delete(channelOauthTokens).where(and(eq(channelOauthTokens.credentialId, credentialId), ne(channelOauthTokens.key, name)));
    });

  return {
    get,
    async renew(name, spent, renew) {
      // On this process's clock: the senders' one may stand still in a test.
      const deadline = Date.now() + LEASE_MS * 2;
      while (Date.now() < deadline) {
        const held = await lease(name);
        if (held) {
          const current = open(name, held.sealed) ?? spent;
          if (renewedSince(current, spent)) {
            await release(name, null);
            return current;
          }
          let result: RotatingTokens | ChannelOutcome;
          try {
            result = await renew(current);
          } catch (error) {
            await release(name, null);
            throw error;
          }
          await release(name, 'accessToken' in result ? result : null);
          return result;
        }
        await sleep(WAIT_STEP_MS);
        const stored = await get(name);
        if (stored && renewedSince(stored, spent)) return stored;
      }
      return { kind: 'retry', error: 'X: the access token is being renewed by another worker' };
    },
  };
}
