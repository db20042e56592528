import type { DeliveryStats } from '@odds/protocol';

/**
 * SIMULATION. Per-platform report of a push that no push provider reports on, for the embedded
 * demo only (channels/webhook-settings.ts `simulatedStats`: never with NODE_ENV=production, on
 * Postgres or with a broker): its recorded pushes get iOS/Android sent and open figures from this
 * sandbox model, deterministic for a delivery and a moment, labelled `source: 'simulated'` and
 * shown as simulated on every screen (docs/channels.md "Delivery figures"):
 * - audience: a device id is one device (iOS when it looks like an APNs token, 64 hex digits, else
 *   Android); a segment or list has 500 to 5,000 devices, 35 to 60 % on iOS, fixed by its name;
 * - opens grow towards 4 to 14 % of sent (fixed by the delivery) over the hours after sending,
 *   so a refresh (the Reports screen's 'refresh stats') shows them rising, as a provider's would.
 */
export interface PushAudience {
  deviceId: string | null;
  segment: string | null;
  listId: string | null;
}

/** A fixed number in [0, 1) for a text (FNV-1a): cheap enough for every delivery of a firing. */
function unit(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193);
  return (hash >>> 0) / 0x1_0000_0000;
}

export function sandboxPushReport(audience: PushAudience, deliveryKey: string, sentAtMs: number, nowMs: number): DeliveryStats {
  let ios: number;
  let android: number;
  if (audience.deviceId) {
    const apple = /^[0-9a-f]{64}$/i.test(audience.deviceId);
    [ios, android] = apple ? [1, 0] : [0, 1];
  } else {
    const name = audience.segment ?? audience.listId ?? 'everyone';
    const size = 500 + Math.floor(unit(`size:${name}`) * 4500);
    ios = Math.round(size * (0.35 + unit(`ios:${name}`) * 0.25));
    android = size - ios;
  }
  const rate = 0.04 + unit(`rate:${deliveryKey}`) * 0.1;
  const hours = Math.max(0, nowMs - sentAtMs) / 3_600_000;
  const share = rate * (1 - Math.exp(-hours / 2));
  const opened = (sent: number) => Math.floor(sent * share);
  const iosOpen = opened(ios);
  const androidOpen = opened(android);
  return {
    source: 'simulated',
    report: {
      ios: { sent: ios, open: iosOpen },
      android: { sent: android, open: androidOpen },
      total: { sent: ios + android, open: iosOpen + androidOpen },
    },
  };
}
