import type { AdapterContext, ChannelMessage, Recipient } from './adapter';
import { testMessage as messageOf } from './testing';

/** A push as the Dispatcher makes one (a title and a body, collapsed per match and market), for the push adapters' tests. */
export function testMessage(recipient: Recipient, overrides: Partial<ChannelMessage> = {}): ChannelMessage {
  return messageOf(recipient, {
    log: { subject: 'Goal!', body: 'Home wins at 2.10', cta: 'Bet now', content: null },
    expiresAtMs: Date.now() + 600_000,
    collapseKey: 'm7-k3',
    link: null,
    ...overrides,
  });
}

/** An adapter context on `baseUrl`, with a clock a test may move. */
export function testContext(baseUrl: string, clock: { ms: number }, extra: Partial<AdapterContext> = {}): AdapterContext {
  return { baseUrl, signal: AbortSignal.timeout(5000), now: () => clock.ms, ...extra };
}
