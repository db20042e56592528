import type { AdapterContext, ChannelMessage, Recipient } from './adapter';

/** A message as the framework hands it to an adapter, for the adapters' tests. */
export function testMessage(recipient: Recipient, overrides: Partial<ChannelMessage> = {}): ChannelMessage {
  return {
    deliveryId: 41,
    idempotencyKey: 'delivery-41',
    matchId: 7,
    marketId: 3,
    language: 'en',
    recipient,
    log: { subject: 'Argentina v France', body: 'Argentina to win at 2.15 <now>', cta: 'Bet now', content: null },
    expiresAtMs: Date.now() + 60_000,
    collapseKey: 'match-7-market-3',
    link: 'https://odds.example/t/abc123',
    payload: {},
    ...overrides,
  };
}

/** The context of one call: the fake's base URL, a fresh abort signal, the clock. */
export function testContext(baseUrl: string, now: () => number = Date.now, timeoutMs = 2_000): AdapterContext {
  return { baseUrl, signal: AbortSignal.timeout(timeoutMs), now };
}
