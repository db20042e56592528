import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { ResyncRequest, WatchRequest, matchRoom } from './live';
import { LiveClientMessage } from './live-envelope';

describe('live requests', () => {
  it('validate what a socket sends', () => {
    expect(Value.Check(WatchRequest, { matchId: 5 })).toBe(true);
    expect(Value.Check(WatchRequest, { matchId: '5' })).toBe(false);
    expect(Value.Check(ResyncRequest, { matchId: 5, topic: 'offers', sinceSeq: 12 })).toBe(true);
    expect(Value.Check(ResyncRequest, { matchId: 5, topic: 'odds', sinceSeq: 12 })).toBe(false);
  });
  it('validate /live envelopes', () => {
    expect(Value.Check(LiveClientMessage, { event: 'watch', data: { matchId: 5 }, id: 1 })).toBe(true);
    expect(Value.Check(LiveClientMessage, { event: 'auth', data: { token: 't' } })).toBe(true);
    expect(Value.Check(LiveClientMessage, { event: 'watch', data: { matchId: 0 } })).toBe(false);
    expect(Value.Check(LiveClientMessage, { event: 'shout', data: {} })).toBe(false);
  });
  it('name the room of a match', () => {
    expect(matchRoom(42)).toBe('match:42');
  });
});
