import type { SessionReply } from '@odds/protocol';
import { routes } from '@odds/protocol';

export interface CheckedSession {
  user: SessionReply['user'];
  expiresAt: number;
}

/**
 * The relay's own calls to the upstream (it holds no business data): token checks for sockets and
 * health. Accepted tokens are cached briefly, never past their expiry.
 */
export class UpstreamClient {
  private readonly sessions = new Map<string, { session: CheckedSession; until: number }>();

  constructor(readonly baseUrl: string, private readonly cacheMs = 30_000, private readonly timeoutMs = 5_000) {}

  /** The session of a token, or null when the upstream refuses it. Throws when the upstream cannot be reached. */
  async checkToken(token: string): Promise<CheckedSession | null> {
    const now = Date.now();
    const cached = this.sessions.get(token);
    if (cached && cached.until > now && cached.session.expiresAt > now) return cached.session;
    this.sessions.delete(token);
    const response = await fetch(this.baseUrl + routes.session.path, {
      headers: { authorization: `Token ${token}` },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (response.status === 401) return null;
    if (!response.ok) throw new Error(`upstream answered ${response.status} to a token check`);
    const body = (await response.json()) as SessionReply;
    const session = { user: body.user, expiresAt: Date.parse(body.expires_at) };
    if (this.sessions.size > 10_000) this.sessions.clear();
    this.sessions.set(token, { session, until: now + this.cacheMs });
    return session;
  }

  /** Reachability and round-trip time of the upstream's health check. */
  async health(): Promise<{ status: 'ok' | 'down'; latency_ms: number; error?: string }> {
    const started = performance.now();
    try {
      const response = await fetch(`${this.baseUrl}/healthz`, { signal: AbortSignal.timeout(this.timeoutMs) });
      const latency_ms = Math.round(performance.now() - started);
      return response.ok ? { status: 'ok', latency_ms } : { status: 'down', latency_ms, error: `HTTP ${response.status}` };
    } catch (error) {
      return { status: 'down', latency_ms: Math.round(performance.now() - started), error: (error as Error).message };
    }
  }
}
