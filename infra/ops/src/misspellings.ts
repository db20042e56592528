import { VARIABLES } from './variables';

/** Name prefixes that are ours: an unknown variable with one of them is a mistake, not someone else's. */
export const OUR_PREFIXES = [
  'ENGINE_',
  'RELAY_',
  'UPSTREAM_',
  'SMTP_',
  'AMQP_',
  'REDIS_',
  'DEMO_',
  'OPS_',
  'PGLITE_',
  'METRICS_',
  'API_',
  'TOKEN_',
  'POLL_',
  'LIVE_',
  'LEASE_',
  'WATCH_',
  'SAFETY_',
  'CHANGE_',
  'TRUST_',
  'DATABASE_',
  'SEED_',
  'ALLOW_',
  'PUBLIC_',
  'CLIENT_',
  'DELIVERY_',
  'UOF_',
  'FEED_',
  // Channels, messaging.
  'TELEGRAM_',
  'WHATSAPP_',
  'X_API',
  'WEBHOOK_',
  // Vendor channels (docs/channels.md).
  'CHANNEL_',
  'FCM_',
  'APNS_',
  // Sign-in through the identity provider (docs/sso.md).
  'OIDC_',
  'PASSWORD_',
  // Compliance (docs/compliance.md).
  'COMPLIANCE_',
];

/**
 * Why an unknown variable is one of ours misspelt, or null when it is someone else's: it carries
 * one of our prefixes, or it is one or two letters from a known name (`METRIC_TOKEN`).
 */
export function misspelling(key: string): string | null {
  const near = nearestKnown(key);
  if (!near && !OUR_PREFIXES.some((prefix) => key.startsWith(prefix))) return null;
  return `${key} is not a setting of the console${near ? ` (did you mean ${near}?)` : ''}; see docs/configuration.md`;
}

function nearestKnown(key: string): string | null {
  if (key.length < 8 || key !== key.toUpperCase()) return null;
  let best: string | null = null;
  let bestDistance = 3;
  for (const known of Object.keys(VARIABLES)) {
    const distance = editDistance(key, known);
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
