import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { EditingRequest, ResyncRequest, WatchRequest, liveRequestError, matchRoom } from './live';
import { LiveClientMessage, liveMessageError } from './live-envelope';

describe('live requests', () => {
  it('validate what a socket sends', () => {
    expect(Value.Check(WatchRequest, { matchId: 5 })).toBe(true);
    expect(Value.Check(WatchRequest, { matchId: '5' })).toBe(false);
    expect(Value.Check(ResyncRequest, { matchId: 5, topic: 'offers', sinceSeq: 12 })).toBe(true);
    expect(Value.Check(ResyncRequest, { matchId: 5, topic: 'odds', sinceSeq: 12 })).toBe(false);
  });
  it('accept editing one of the fixed tabs, or stopping, and nothing else', () => {
    expect(Value.Check(EditingRequest, { matchId: 5, tab: 'thresholds' })).toBe(true);
    expect(Value.Check(EditingRequest, { matchId: 5, tab: null })).toBe(true);
    expect(Value.Check(EditingRequest, { matchId: 5, tab: 'delivery' })).toBe(false);
    expect(Value.Check(EditingRequest, { matchId: 5 })).toBe(false);
    expect(liveRequestError('editing', { matchId: 5, tab: 'x'.repeat(5000) })).toMatch(/^Invalid editing request: \/tab /);
    expect(liveMessageError({ event: 'editing', data: { matchId: 5, tab: 'content' }, id: 1 })).toBeNull();
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

describe('liveRequestError', () => {
  it('says why a request is refused, or null', () => {
    expect(liveRequestError('watch', { matchId: 3 })).toBeNull();
    expect(liveRequestError('watch', { matchId: '3' })).toBe('Invalid watch request: /matchId must be integer');
    expect(liveRequestError('resync', null)).toBe('Invalid resync request: payload must be object');
  });
});

describe('liveMessageError', () => {
  it('refuses unknown events and bad data, accepts valid messages', () => {
    expect(liveMessageError({ event: 'watch', data: { matchId: 1 }, id: 2 })).toBeNull();
    expect(liveMessageError({ event: 'shout', data: {} })).toMatch(/^Unknown message/);
    expect(liveMessageError({ event: 'watch', data: { matchId: 'x' } })).toBe('Invalid watch message: data does not match its schema');
  });
});
