import { describe, expect, it } from 'vitest';
import { Revocations, tokenHash } from './revocations';

describe('revocations', () => {
  it('closes every open connection of a revoked token, and only those', () => {
    const counts: number[] = [];
    const revocations = new Revocations((count) => counts.push(count));
    const closed: string[] = [];
    revocations.track('token-a', () => closed.push('a1'));
    revocations.track('token-a', () => closed.push('a2'));
    const untrackB = revocations.track('token-b', () => closed.push('b'));
    expect(revocations.tracked).toBe(2);
    expect(revocations.revokeHashes([tokenHash('token-a'), tokenHash('unknown')])).toBe(2);
    expect(closed).toEqual(['a1', 'a2']);
    expect(revocations.isRevoked('token-a')).toBe(true);
    expect(revocations.isRevoked('token-b')).toBe(false);
    untrackB();
    expect(revocations.tracked).toBe(0);
    expect(counts).toEqual([1, 2, 1, 0]);
  });

  it('forgets a connection that closed by itself', () => {
    const revocations = new Revocations();
    const closed: string[] = [];
    const untrack = revocations.track('token-c', () => closed.push('c'));
    untrack();
    expect(revocations.revokeToken('token-c')).toBe(0);
    expect(closed).toEqual([]);
    expect(revocations.trackedTokens()).toEqual([]);
  });

  it('tells each closed connection why its session ended (a logout unless said otherwise)', () => {
    const revocations = new Revocations();
    const reasons: string[] = [];
    revocations.track('token-d', (reason) => reasons.push(`d:${reason}`));
    revocations.track('token-e', (reason) => reasons.push(`e:${reason}`));
    revocations.revokeHashes([tokenHash('token-d')], 'disabled');
    revocations.revokeToken('token-e');
    expect(reasons).toEqual(['d:disabled', 'e:logout']);
  });
});
