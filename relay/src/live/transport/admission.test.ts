import { describe, expect, it } from 'vitest';
import { liveRefusals } from '@odds/protocol';
import { keyOf } from '../../tokens';
import { Admission } from './admission';

describe('Admission', () => {
  it('caps open connections per token and per address, and gives a place back once', () => {
    const admission = new Admission({ maxPerAddress: 3, maxPerToken: 2, handshakesPerSecond: 100 });
    const a1 = admission.admit('10.0.0.1', 'token-a');
    const a2 = admission.admit('10.0.0.1', 'token-a');
    expect(admission.admit('10.0.0.1', 'token-a')).toBe(liveRefusals.tooManyForToken(2));
    // The same token from another address is still over its own cap.
    expect(admission.admit('10.0.0.2', 'token-a')).toBe(liveRefusals.tooManyForToken(2));
    expect(typeof admission.admit('10.0.0.1', 'token-b')).toBe('object');
    expect(admission.admit('10.0.0.1', 'token-c')).toBe(liveRefusals.tooManyForAddress(3));
    expect(typeof admission.admit('10.0.0.2', 'token-c')).toBe('object');
    if (typeof a1 === 'string' || typeof a2 === 'string') throw new Error('refused');
    a1.release();
    a1.release();
    expect(admission.counts()).toEqual({ addresses: 2, tokens: 3, connections: 3 });
    expect(typeof admission.admit('10.0.0.1', 'token-c')).toBe('object');
    expect(admission.admit('10.0.0.1', 'token-d')).toBe(liveRefusals.tooManyForAddress(3));
  });

  it('allows a burst of five seconds of handshakes per address, then its rate', () => {
    let now = 0;
    const admission = new Admission({ maxPerAddress: 10, maxPerToken: 10, handshakesPerSecond: 2 }, () => now);
    const burst = Array.from({ length: 11 }, () => admission.handshake('10.0.0.1'));
    expect(burst.filter((refusal) => refusal === null)).toHaveLength(10);
    expect(burst[10]).toBe(liveRefusals.handshakeRate);
    expect(admission.handshake('10.0.0.2')).toBeNull();
    now = 500;
    expect(admission.handshake('10.0.0.1')).toBeNull();
    expect(admission.handshake('10.0.0.1')).toBe(liveRefusals.handshakeRate);
  });

  it('keeps long tokens by digest', () => {
    expect(keyOf('short')).toBe('short');
    expect(keyOf('x'.repeat(16_000))).toHaveLength(43);
    expect(keyOf('x'.repeat(16_000))).not.toBe(keyOf('y'.repeat(16_000)));
  });
});
