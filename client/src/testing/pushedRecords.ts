import type { AuditEntry, LiveAck, MatchThresholdSet } from '@odds/protocol';
import { act } from '@testing-library/react';

/** A socket.io client socket as MatchLive uses it: the test fires the relay's events. */
export class FakeSocket {
  connected = true;
  private readonly handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  on(event: string, handler: (...args: unknown[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
  }
  off(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(handler);
  }
  emit(_event: string, _payload: unknown, ack?: (reply: LiveAck) => void) {
    ack?.({ ok: true });
  }
  fire(event: string, payload: unknown) {
    act(() => {
      for (const handler of this.handlers.get(event) ?? []) handler(payload);
    });
  }
}

export const set = (id: number, home: number, version: number) =>
  ({
    id,
    version,
    match_id: 7,
    market_id: 3,
    market: { id: 3, name: 'Full Time Result' },
    contact_id: null,
    contact: null,
    line: null,
    timed: null,
    type: 'VALUE',
    thresholds: { home: { value: home } },
  }) as MatchThresholdSet;
export const entry = (id: number, of: MatchThresholdSet, before: MatchThresholdSet | null, name: string): AuditEntry => ({
  id,
  at: '2026-11-27T05:00:00Z',
  actor: { id: 2, name },
  entity: 'threshold_set',
  entity_id: of.id,
  match_id: 7,
  action: before ? 'update' : 'create',
  version: of.version ?? null,
  before,
  after: of,
});
