import { keyOf } from '../../tokens';
import { liveRefusals } from '@odds/protocol';
import { DEFAULT_ADMISSION, type AdmissionLimits } from '../ground/admission-limits';
import { TokenBucket } from '../ground/rate-limit';

/** A place taken by an admitted connection, given back exactly once when it closes. */
export interface Place {
  release(): void;
}

/**
 * Admission of live connections on one relay instance: a token bucket of handshakes per client
 * address (so a client cycling through bogus tokens costs the upstream at most a few checks a
 * second), and counts of open connections per address and per token with their caps. Counts are
 * this instance's own: behind a load balancer each instance holds its share.
 */
export class Admission {
  private readonly handshakes = new Map<string, TokenBucket>();
  private readonly perAddress = new Map<string, number>();
  private readonly perToken = new Map<string, number>();

  constructor(
    readonly limits: AdmissionLimits = DEFAULT_ADMISSION,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one handshake from this address; the refusal when it is over its rate. */
  handshake(address: string): string | null {
    let bucket = this.handshakes.get(address);
    if (!bucket) {
      if (this.handshakes.size >= 10_000) this.sweep();
      const rate = this.limits.handshakesPerSecond;
      bucket = new TokenBucket(rate * 5, rate, this.now);
      this.handshakes.set(address, bucket);
    }
    return bucket.take() ? null : liveRefusals.handshakeRate;
  }

  /** Takes a place for a connection of this address and token, or says which cap it is over. */
  admit(address: string, token: string): Place | string {
    const tokenKey = keyOf(token);
    if ((this.perToken.get(tokenKey) ?? 0) >= this.limits.maxPerToken) return liveRefusals.tooManyForToken(this.limits.maxPerToken);
    if ((this.perAddress.get(address) ?? 0) >= this.limits.maxPerAddress) return liveRefusals.tooManyForAddress(this.limits.maxPerAddress);
    add(this.perToken, tokenKey, 1);
    add(this.perAddress, address, 1);
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        add(this.perToken, tokenKey, -1);
        add(this.perAddress, address, -1);
      },
    };
  }

  /** Open connections counted (for tests and /healthz-style checks). */
  counts(): { addresses: number; tokens: number; connections: number } {
    let connections = 0;
    for (const count of this.perAddress.values()) connections += count;
    return { addresses: this.perAddress.size, tokens: this.perToken.size, connections };
  }

  /** Forgets the buckets that have refilled: they would start full anyway. */
  private sweep(): void {
    for (const [address, bucket] of this.handshakes) if (bucket.full()) this.handshakes.delete(address);
    // Under a flood of distinct addresses every bucket may be in use: drop the oldest half.
    if (this.handshakes.size >= 10_000) {
      let drop = this.handshakes.size / 2;
      for (const address of this.handshakes.keys()) {
        if (drop-- <= 0) break;
        this.handshakes.delete(address);
      }
    }
  }
}

function add(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
