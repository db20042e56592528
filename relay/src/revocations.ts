import { createHash } from 'node:crypto';
import type { SessionEndReason } from '@odds/protocol';

/** How the upstream names a session in revocation notices: the SHA-256 (hex) of its token, as it stores it. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Ends one open connection; told why its session ended, so the connection can say it first. */
type Closer = (reason: SessionEndReason) => void;

/**
 * Tokens this relay has learned are revoked (a logout through it, or a notice on the upstream's
 * change stream), and the open live connections of every token, so a revocation closes them at
 * once. A revoked token is never admitted again by this relay's token cache.
 */
export class Revocations {
  /** hash -> when to forget it (the upstream refuses it by then anyway; its session row is gone). */
  private readonly revoked = new Map<string, number>();
  /** hash -> the token and the closers of its open connections. */
  private readonly open = new Map<string, { token: string; closers: Set<Closer> }>();

  constructor(
    private readonly onTrackedChange: (count: number) => void = () => {},
    private readonly keepMs = 24 * 60 * 60_000,
  ) {}

  isRevoked(token: string): boolean {
    const until = this.revoked.get(tokenHash(token));
    return until !== undefined && until > Date.now();
  }

  /** Registers an open connection of `token`; `close` ends it. Returns the function that forgets it. */
  track(token: string, close: Closer): () => void {
    const hash = tokenHash(token);
    let entry = this.open.get(hash);
    if (!entry) {
      entry = { token, closers: new Set() };
      this.open.set(hash, entry);
      this.onTrackedChange(this.open.size);
    }
    entry.closers.add(close);
    const closers = entry.closers;
    return () => {
      closers.delete(close);
      if (closers.size === 0 && this.open.get(hash)?.closers === closers) {
        this.open.delete(hash);
        this.onTrackedChange(this.open.size);
      }
    };
  }

  /** Marks sessions revoked (by token hash) and closes their connections; returns how many were closed. */
  revokeHashes(hashes: readonly string[], reason: SessionEndReason = 'logout'): number {
    const now = Date.now();
    if (this.revoked.size > 100_000) for (const [hash, until] of this.revoked) if (until <= now) this.revoked.delete(hash);
    let closed = 0;
    for (const hash of hashes) {
      this.revoked.set(hash, now + this.keepMs);
      const entry = this.open.get(hash);
      if (!entry) continue;
      this.open.delete(hash);
      for (const close of entry.closers) {
        closed++;
        close(reason);
      }
    }
    if (closed) this.onTrackedChange(this.open.size);
    return closed;
  }

  revokeToken(token: string, reason: SessionEndReason = 'logout'): number {
    return this.revokeHashes([tokenHash(token)], reason);
  }

  /** The distinct tokens with open connections (to re-check after the change stream was away). */
  trackedTokens(): string[] {
    return [...this.open.values()].map((entry) => entry.token);
  }

  get tracked(): number {
    return this.open.size;
  }
}
