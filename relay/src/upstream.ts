import { Agent, request } from 'undici';
import type { AuthReply, SessionEndReason, SessionReply } from '@odds/protocol';
import { FORBIDDEN_MESSAGE, routes } from '@odds/protocol';
import { AccessChecks } from './access-checks';
import { keyOf, MAX_TOKEN_LENGTH } from './tokens';
import { Revocations } from './revocations';

export interface CheckedSession {
  user: SessionReply['user'];
  expiresAt: number;
  /** A wall display's token (read-only): it watches, but is no operator in a match's presence. */
  display: boolean;
}

/** Whether a token may see a match: yes, or the reason it may not (shown to the operator as-is). */
export type MatchAccess = { ok: true } | { ok: false; status: number; error: string };

/** An answer of the upstream to a live-data request, body unread unless it changed. */
export interface LiveResponse {
  status: number;
  /** The body text; null for 304 Not Modified. */
  text: string | null;
  etag: string | null;
}

/** The upstream refused the token (401): the caller should try another or log in again. */
export class TokenRejected extends Error {
  constructor(readonly token: string) {
    super('the upstream refused the token');
  }
}

/** How long a refused token is remembered, and how many are: a bogus token costs the upstream one check, not one per attempt. */
const REFUSED_TTL_MS = 30_000;
const REFUSED_MAX = 10_000;

/**
 * The relay's own calls to the upstream (it holds no business data): token checks for sockets,
 * match visibility for watches, the pollers' requests, the service login, and health. Accepted
 * tokens and visible matches are cached briefly, never past the token's expiry; refused tokens
 * are remembered for REFUSED_TTL_MS (a token the upstream refused never becomes valid).
 */
export class UpstreamClient {
  private readonly sessions = new Map<string, { session: CheckedSession; until: number }>();
  private readonly access = new Map<string, number>();
  /** Refused tokens (by keyOf) and until when, oldest first: bounded, the oldest forgotten first. */
  private readonly refused = new Map<string, number>();
  /** Checks in flight, so a burst of sockets with one token (a wall of screens reconnecting) costs one call. */
  private readonly inFlight = new Map<string, Promise<unknown>>();

  /** Revoked tokens (never admitted again) and the open live connections of each token. */
  readonly revocations: Revocations;
  /**
   * The pollers' connections to the upstream, kept alive: a notice's read goes out on an open
   * connection with undici's request (a fraction of fetch's cost per call, on the hot path).
   */
  /** Session and match checks, gathered into one call per burst. */
  private readonly checks: AccessChecks;
  private readonly livePool = new Agent({ connections: 64, keepAliveTimeout: 10_000 });
  /** When the upstream last answered a poller's read, whatever it said (ms since epoch): it is there, however busy. */
  lastAnswerAt = 0;

  constructor(
    readonly baseUrl: string,
    private readonly cacheMs = 30_000,
    readonly timeoutMs = 5_000,
    onTrackedChange?: (count: number) => void,
  ) {
    this.revocations = new Revocations(onTrackedChange);
    this.checks = new AccessChecks(baseUrl, timeoutMs, () => this.operatorToken());
  }

  private once<T>(key: string, work: () => Promise<T>): Promise<T> {
    let pending = this.inFlight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = work().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** The session of a token, or null when the upstream refuses it. Throws when the upstream cannot be reached. */
  async checkToken(token: string): Promise<CheckedSession | null> {
    if (this.revocations.isRevoked(token)) return null;
    // No real token is this long: refused without asking (the upstream would answer 431, not 401).
    if (token.length > MAX_TOKEN_LENGTH) return null;
    // Nor holds anything but visible ASCII: a NUL or a non-Latin-1 letter cannot even be sent in a
    // header (fetch throws), which must not read as "the upstream cannot be reached".
    if (!/^[\x21-\x7e]+$/.test(token)) return null;
    const now = Date.now();
    if ((this.refused.get(keyOf(token)) ?? 0) > now) return null;
    const cached = this.sessions.get(token);
    if (cached && cached.until > now && cached.session.expiresAt > now) return cached.session;
    return this.askSession(token);
  }

  /** Asks the upstream about a token (one call for concurrent askers), whatever the cache holds. */
  private async askSession(token: string): Promise<CheckedSession | null> {
    const session = await this.once(`session:${token}`, () => this.fetchSession(token));
    // Revoked while the check was under way: the answer is already stale.
    return session && !this.revocations.isRevoked(token) ? session : null;
  }

  /** A session ended (logout, or a notice from the upstream): never admit its token again, close its connections. */
  revoke(hashes: readonly string[], reason: SessionEndReason = 'logout'): number {
    const closed = this.revocations.revokeHashes(hashes, reason);
    for (const token of this.sessions.keys()) if (this.revocations.isRevoked(token)) this.forgetToken(token);
    return closed;
  }

  /**
   * Asks the upstream again about every token with open connections, ignoring the cache, and
   * closes those it refuses: revocations may have been missed while the change stream was away.
   */
  async recheckOpenTokens(): Promise<number> {
    let closed = 0;
    for (const token of this.revocations.trackedTokens()) {
      // The cached session stays until the answer comes: it says whose access the token carries
      // (principalOf), and a watch checked meanwhile must share its operator's cached access.
      try {
        if (!(await this.askSession(token))) closed += this.revocations.revokeToken(token);
      } catch {
        // Unreachable again: the next reconnect checks once more (the cached session still expires on time).
      }
    }
    return closed;
  }

  private async fetchSession(token: string): Promise<CheckedSession | null> {
    const now = Date.now();
    // The entry being refreshed stays meanwhile (checkToken no longer serves it once its `until`
    // passed): it is replaced by the answer, or dropped when the token is refused.
    const answer = await this.checks.ask({ token });
    if (answer.status !== 200 || !answer.session) {
      this.forgetToken(token);
      this.rememberRefused(token, now);
      return null;
    }
    const body = answer.session;
    const session = { user: body.user, expiresAt: Date.parse(body.expires_at), display: body.display !== undefined };
    if (this.revocations.isRevoked(token)) {
      this.sessions.delete(token);
      return null;
    }
    if (this.sessions.size > 10_000) this.sessions.clear();
    this.sessions.set(token, { session, until: now + this.cacheMs });
    return session;
  }

  private rememberRefused(token: string, now: number): void {
    const key = keyOf(token);
    this.refused.delete(key);
    if (this.refused.size >= REFUSED_MAX) {
      // Oldest first (insertion order): drop the expired ones, or the oldest when none has.
      for (const [old, until] of this.refused) {
        if (until > now && this.refused.size < REFUSED_MAX) break;
        this.refused.delete(old);
      }
    }
    this.refused.set(key, now + REFUSED_TTL_MS);
  }

  /** Forgets a token at once (the upstream refused it, e.g. after a logout). */
  forgetToken(token: string): void {
    const principal = this.principalOf(token);
    this.sessions.delete(token);
    // A refused token's access is forgotten (its operator's other sessions ask again: they may
    // have been ended together, e.g. an account locked).
    for (const key of this.access.keys()) if (key.startsWith(`${principal}:`)) this.access.delete(key);
  }

  /**
   * May this token see this match? Asked of the upstream with the operator's own token (the match
   * call answers 404 or 403 when it may not), so the relay never widens what an operator can see.
   */
  async matchAccess(token: string, matchId: number): Promise<MatchAccess> {
    const key = `${this.principalOf(token)}:${matchId}`;
    if ((this.access.get(key) ?? 0) > Date.now()) return { ok: true };
    // One check per operator and match, whichever of the operator's tokens asked first: a burst
    // of consoles of one operator (each signed in with a session of its own) costs one call.
    const shared = await this.once(`access:${key}`, async () => ({ token, access: await this.fetchAccess(token, matchId, key) }));
    // Another session's token was refused (it expired meanwhile): this one's answer is its own.
    if (!shared.access.ok && shared.access.status === 401 && shared.token !== token) return this.fetchAccess(token, matchId, key);
    return shared.access;
  }

  /**
   * Whose access a token carries: an operator's sessions all see what the operator sees (the user's
   * id, from the session the handshake checked); a wall display's token, or one not checked here,
   * only its own.
   */
  private principalOf(token: string): string {
    const session = this.sessions.get(token)?.session;
    return session && !session.display && session.expiresAt > Date.now() ? `user:${session.user.id}` : `token:${keyOf(token)}`;
  }

  private async fetchAccess(token: string, matchId: number, key: string): Promise<MatchAccess> {
    const now = Date.now();
    const { status } = await this.checks.ask({ token, match_id: matchId });
    if (status === 200) {
      if (this.access.size > 50_000) this.access.clear();
      this.access.set(key, now + this.cacheMs);
      return { ok: true };
    }
    if (status === 401) return { ok: false, status: 401, error: 'Authentication required' };
    if (status === 404) return { ok: false, status: 404, error: `No such match: ${matchId}` };
    return { ok: false, status: 403, error: FORBIDDEN_MESSAGE };
  }

  /** A token the upstream accepted as an operator's, unexpired: what a batch of checks is sent with. */
  private operatorToken(): string | undefined {
    const now = Date.now();
    for (const [token, { session, until }] of this.sessions) {
      if (!session.display && until > now && session.expiresAt > now && !this.revocations.isRevoked(token)) return token;
    }
    return undefined;
  }

  /** One GET of live data with a token, conditional on the last ETag when the upstream gave one. */
  async getLive(path: string, token: string, etag: string | null): Promise<LiveResponse> {
    const response = await request(this.baseUrl + path, {
      dispatcher: this.livePool,
      headers: { authorization: `Token ${token}`, accept: 'application/json', ...(etag && { 'if-none-match': etag }) },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
    this.lastAnswerAt = Date.now();
    const status = response.statusCode;
    if (status === 401) {
      await response.body.dump();
      this.forgetToken(token);
      throw new TokenRejected(token);
    }
    if (status === 304) {
      await response.body.dump();
      return { status: 304, text: null, etag };
    }
    const text = await response.body.text();
    if (status < 200 || status >= 300) throw Object.assign(new Error(`upstream answered ${status} for ${path.split('?')[0]}`), { status });
    const tag = response.headers.etag;
    return { status, text, etag: typeof tag === 'string' ? tag : null };
  }

  /** Closes the pollers' connections (the relay is shutting down). */
  async close(): Promise<void> {
    await this.livePool.close();
  }

  /** Logs a service account in; null when the credentials are refused. */
  async login(email: string, password: string): Promise<AuthReply | null> {
    const response = await fetch(this.baseUrl + routes.authenticate.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw new Error(`upstream answered ${response.status} to the relay's login`);
    return (await response.json()) as AuthReply;
  }

  /**
   * Whether the upstream is ready to serve (its /readyz: its database answers). An upstream that
   * has no /readyz (services run elsewhere, UPSTREAM_URL) is ready when its /healthz answers.
   */
  async ready(): Promise<boolean> {
    try {
      const response = await fetch(`${this.baseUrl}/readyz`, { signal: AbortSignal.timeout(this.timeoutMs) });
      await response.body?.cancel();
      if (response.status === 404) return (await this.health()).status === 'ok';
      return response.ok;
    } catch {
      return false;
    }
  }

  /** Reachability and round-trip time of the upstream's health check. */
  async health(timeoutMs = this.timeoutMs): Promise<{ status: 'ok' | 'down'; latency_ms: number; error?: string }> {
    const started = performance.now();
    try {
      const response = await fetch(`${this.baseUrl}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      const latency_ms = Math.round(performance.now() - started);
      return response.ok ? { status: 'ok', latency_ms } : { status: 'down', latency_ms, error: `HTTP ${response.status}` };
    } catch (error) {
      return { status: 'down', latency_ms: Math.round(performance.now() - started), error: (error as Error).message };
    }
  }
}
