import type { LiveAck } from '@odds/protocol';
import { describe, expect, it } from 'vitest';
import { editingText, initialsOf } from './MatchPresence';
import { MatchLive } from '../../live/matchLive';
import type { LiveSocket } from '../../live/liveSocket';

/**
 * A socket.io client socket as MatchLive uses it: listeners by event, and what was emitted, with
 * the acks for the test to answer (the relay's side is tested over real sockets in
 * tests/integration/presence.test.ts).
 */
class RecordingSocket {
  connected = true;
  readonly emitted: { event: string; payload: unknown; ack: (reply: LiveAck) => void }[] = [];
  private readonly handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  on(event: string, handler: (...args: unknown[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
  }
  off(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(handler);
  }
  emit(event: string, payload: unknown, ack: (reply: LiveAck) => void) {
    this.emitted.push({ event, payload, ack });
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  sent(event: string) {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }
  answer(event: string, reply: LiveAck) {
    for (const e of this.emitted.filter((x) => x.event === event)) e.ack(reply);
  }
}

describe('MatchLive editing presence', () => {
  it('tells the relay once the watch is accepted, the newest claim held, and again after a reconnect', () => {
    const socket = new RecordingSocket();
    const live = new MatchLive(7, Infinity, socket as unknown as LiveSocket);
    const release = live.claimEditing('thresholds');
    expect(socket.sent('editing')).toEqual([]); // not watched yet: the relay would refuse it
    socket.answer('watch', { ok: true });
    expect(socket.sent('editing')).toEqual([{ matchId: 7, tab: 'thresholds' }]);
    const releaseContent = live.claimEditing('content');
    releaseContent();
    release();
    expect(socket.sent('editing')).toEqual([
      { matchId: 7, tab: 'thresholds' },
      { matchId: 7, tab: 'content' },
      { matchId: 7, tab: 'thresholds' },
      { matchId: 7, tab: null },
    ]);
    release(); // twice is once
    expect(socket.sent('editing')).toHaveLength(4);

    live.claimEditing('stats');
    socket.connected = false;
    socket.fire('disconnect');
    socket.connected = true;
    socket.emitted.length = 0;
    socket.fire('connect');
    expect(socket.sent('editing')).toEqual([]);
    socket.answer('watch', { ok: true });
    expect(socket.sent('editing')).toEqual([{ matchId: 7, tab: 'stats' }]);
    live.close();
  });

  it("shows who edits which tab from the room's presence", () => {
    const socket = new RecordingSocket();
    const live = new MatchLive(7, Infinity, socket as unknown as LiveSocket);
    socket.fire('presence', { matchId: 8, viewers: { count: 1, names: ['X'] }, editors: [{ id: 9, name: 'X', tab: 'stats' }] });
    expect(live.state.editors).toEqual([]);
    socket.fire('presence', {
      matchId: 7,
      viewers: { count: 2, names: ['Ben Ops', 'Demo Operator'] },
      editors: [{ id: 2, name: 'Ben Ops', tab: 'thresholds' }],
    });
    expect(live.state.editors).toEqual([{ id: 2, name: 'Ben Ops', tab: 'thresholds' }]);
    socket.fire('presence', { matchId: 7, viewers: { count: 1, names: ['Demo Operator'] } });
    expect(live.state.editors).toEqual([]);
    live.close();
  });
});

describe('presence text', () => {
  it('says who edits which tab in words', () => {
    expect(editingText({ id: 2, name: 'Ben Ops', tab: 'thresholds' }, 1)).toBe('Ben Ops is editing Thresholds');
    expect(editingText({ id: 1, name: 'Demo Operator', tab: 'stats' }, 1)).toBe('Demo Operator (you) is editing Stats');
    expect([initialsOf('Demo Operator'), initialsOf('ben'), initialsOf('  Ana  de la Cruz '), initialsOf('')]).toEqual(['DO', 'B', 'AC', '?']);
  });
});
