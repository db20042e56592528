import { createHmac, hkdfSync } from 'node:crypto';
import type { SuppressionKind } from '@odds/protocol';

/**
 * Suppression-list values as keyed hashes (HMAC-SHA256, hex), so the list holds no personal data:
 * the same value always hashes the same under one key (an import is idempotent, a search finds
 * it), and without the key a hash names nobody. Values are normalised first: an email's case and
 * spaces, a phone number's punctuation (+44 20 7946 0000 and +442079460000 are one number).
 */
function normalise(kind: SuppressionKind, value: string): string {
  const trimmed = value.trim();
  if (kind === 'EMAIL') return trimmed.toLowerCase();
  if (kind === 'PHONE') return trimmed.replace(/[^\d+]/g, '').replace(/^00/, '+');
  return trimmed;
}

/** `key`: the key's 32 bytes in base64 (settings are frozen text, not buffers). */
export function keyedHash(key: string, kind: SuppressionKind, value: string): string {
  return createHmac('sha256', Buffer.from(key, 'base64'))
    .update(`${kind}:${normalise(kind, value)}`)
    .digest('hex');
}

/**
 * The hash key: COMPLIANCE_HASH_KEY, else one derived (HKDF) from the channel secrets key, so the
 * embedded demo and a deployment with only CHANNEL_SECRETS_KEY have one; null without either.
 */
export function hashKeyOf(setting: string | undefined, secretsKey: string | null): string | null {
  if (setting) return Buffer.from(setting.trim(), /^[0-9a-f]{64}$/i.test(setting.trim()) ? 'hex' : 'base64').toString('base64');
  if (!secretsKey) return null;
  return Buffer.from(hkdfSync('sha256', Buffer.from(secretsKey, 'base64'), Buffer.alloc(0), 'odds-console suppression list', 32)).toString('base64');
}
