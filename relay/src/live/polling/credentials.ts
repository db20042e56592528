import type { UpstreamClient } from '../../upstream';

/**
 * How the relay authenticates its own calls to the upstream (polls and the change stream).
 *
 * - With RELAY_EMAIL / RELAY_PASSWORD: a service account. The relay logs in when it first needs a
 *   token, logs in again a minute before the token expires, and at once when the upstream refuses
 *   it (a revoked session). Polling then does not depend on who is watching.
 * - Without: the tokens of the operators watching the match (on this instance; with Redis the
 *   lease holder always has watchers of the match, since only instances with watchers campaign).
 *   The one valid longest is used; a refused one is set aside and the next taken. Sockets are
 *   disconnected when their token expires, so a borrowed token is never used past its expiry, and
 *   it is only used to read what that operator is allowed to read anyway.
 */
export interface PollCredentials {
  readonly kind: 'service account' | 'watcher tokens';
  /** A token for polling `matchId` (any match when omitted). Throws NoCredentials when there is none. */
  token(matchId?: number, operatorOnly?: boolean): Promise<string>;
  /**
   * Can the match's operator tables (protocol's OPERATOR_TOPICS) be read now? A wall display's
   * token may not read them (403), so while only displays watch a match they are not polled.
   */
  readsOperatorTables(matchId: number): boolean;
  /** The upstream refused this token (401). */
  rejected(token: string): void;
}

export class NoCredentials extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoCredentials';
  }
}

export class ServiceAccount implements PollCredentials {
  readonly kind = 'service account';
  private current: { token: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly upstream: UpstreamClient,
    private readonly email: string,
    private readonly password: string,
    private readonly renewBeforeMs = 60_000,
  ) {}

  async token(): Promise<string> {
    if (this.current && this.current.expiresAt - this.renewBeforeMs > Date.now()) return this.current.token;
    this.pending ??= this.login().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async login(): Promise<string> {
    const reply = await this.upstream.login(this.email, this.password);
    if (!reply) throw new NoCredentials(`the upstream refused the relay's account ${this.email} (RELAY_EMAIL / RELAY_PASSWORD)`);
    this.current = { token: reply.token, expiresAt: Date.parse(reply.expires_at) };
    return reply.token;
  }

  readsOperatorTables(): boolean {
    return true;
  }

  rejected(token: string): void {
    if (this.current?.token === token) this.current = null;
  }
}

export interface WatcherToken {
  token: string;
  expiresAt: number;
  /** A wall display's token: it reads the feed, offers and deliveries, not the operator tables. */
  display?: boolean;
}

export class WatcherTokens implements PollCredentials {
  readonly kind = 'watcher tokens';
  private readonly refused = new Set<string>();

  /** `tokensOf(matchId)` lists the tokens of the match's local watchers (of every match when undefined). */
  constructor(private readonly tokensOf: (matchId?: number) => Iterable<WatcherToken>) {}

  async token(matchId?: number, operatorOnly = false): Promise<string> {
    const best = this.best(matchId, operatorOnly);
    if (!best)
      throw new NoCredentials(
        matchId === undefined
          ? 'no operator is connected to lend a token'
          : `no valid ${operatorOnly ? 'operator ' : ''}token among the watchers of match ${matchId}`,
      );
    return best.token;
  }

  readsOperatorTables(matchId: number): boolean {
    return this.best(matchId, true) !== null;
  }

  /** The valid token that lasts longest (operators' only, when `operatorOnly`). */
  private best(matchId: number | undefined, operatorOnly: boolean): WatcherToken | null {
    const now = Date.now();
    let best: WatcherToken | null = null;
    for (const candidate of this.tokensOf(matchId)) {
      if (candidate.expiresAt <= now || this.refused.has(candidate.token) || (operatorOnly && candidate.display)) continue;
      if (!best || candidate.expiresAt > best.expiresAt) best = candidate;
    }
    return best;
  }

  rejected(token: string): void {
    if (this.refused.size > 10_000) this.refused.clear();
    this.refused.add(token);
  }
}
