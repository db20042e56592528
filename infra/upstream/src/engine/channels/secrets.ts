import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Channel secrets at rest (docs/channels.md): AES-256-GCM under the key of CHANNEL_SECRETS_KEY
 * (32 bytes, base64 or hex), a fresh 12-byte IV per seal, the auth tag kept with the text, and the
 * record's own identity (provider and vendor) as additional data, so a sealed value copied onto
 * another provider's row does not open. The embedded demo makes its own key under its data dir.
 */

const VERSION = 'v1';

/** The key from its setting: 32 bytes as 64 hex digits or base64; throws naming the setting otherwise. */
export function parseSecretsKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('CHANNEL_SECRETS_KEY must be 32 bytes, as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)');
  return key;
}

/**
 * The embedded demo's key: kept in `channel-secrets.key` under the PGlite data dir (made on the
 * first start, readable by its owner only), so saved credentials open again after a restart; a
 * throwaway in-memory database gets a throwaway key.
 */
export function embeddedSecretsKey(dataDir: string): Buffer {
  if (dataDir.startsWith('memory://')) return randomBytes(32);
  const file = join(dataDir, 'channel-secrets.key');
  if (existsSync(file)) return parseSecretsKey(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

/** Seals the secrets of one record: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecrets(key: Buffer, context: string, secrets: Record<string, string>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** Opens what `sealSecrets` made for the same context; throws when the key or the context differ. */
export function openSecrets(key: Buffer, context: string, sealed: string): Record<string, string> {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('the stored secrets are not in a known form');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  return JSON.parse(text) as Record<string, string>;
}
