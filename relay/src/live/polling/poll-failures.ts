import type { FastifyBaseLogger } from 'fastify';
import { TokenRejected } from '../../upstream';
import { NoCredentials } from './credentials';

/**
 * The poll failures of one match, logged as episodes rather than once per poll: one warning when
 * its polls start failing (or fail for another reason), one line when every failing topic polls
 * successfully again or the pollers stop,
 * the repeats in between at debug. Conditions the relay expects (no token to poll with after the
 * last operator left, a refused token, an upstream that answers with an error status) are logged
 * by their message; anything else keeps its stack on the first line.
 */
export class PollFailures {
  private reason: string | null = null;
  /** Topics whose last poll failed: the episode ends when none is left (or the pollers stop). */
  private readonly failing = new Set<string>();
  private since = 0;
  private count = 0;

  constructor(
    private readonly matchId: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  failed(topic: string, error: unknown): void {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.count++;
    this.failing.add(topic);
    if (reason === this.reason) {
      this.log.debug({ matchId: this.matchId, topic, failures: this.count }, `polls of match ${this.matchId} still failing: ${reason}`);
      return;
    }
    const expected = error instanceof NoCredentials || error instanceof TokenRejected || typeof (error as { status?: unknown } | null)?.status === 'number';
    const first = this.reason === null;
    if (first) this.since = Date.now();
    this.reason = reason;
    this.log.warn(
      { matchId: this.matchId, topic, ...(!expected && { err: error }) },
      `polls of match ${this.matchId} ${first ? 'failing' : 'now failing'}: ${reason}`,
    );
  }

  succeeded(topic: string): void {
    if (!this.failing.delete(topic) || this.failing.size > 0) return;
    this.end('polls succeed again');
  }

  stopped(): void {
    this.end('pollers stopped while failing');
  }

  private end(what: string): void {
    if (this.reason === null) return;
    this.log.info(
      { matchId: this.matchId, failures: this.count, seconds: Math.round((Date.now() - this.since) / 1000) },
      `${what} (match ${this.matchId}, after ${this.count} failed polls: ${this.reason})`,
    );
    this.reason = null;
    this.count = 0;
    this.failing.clear();
  }
}
