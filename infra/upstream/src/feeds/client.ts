import { buildPath, buildQuery, routes, type IngestReply, type ListReply, type Match, type Offer, type MatchFeedEvent, type FeedMessage } from '@odds/protocol';

/** How the feed commands reach an upstream: its address and a token (or the credentials to get one). */
export interface UpstreamTarget {
  url: string;
  token?: string;
  email?: string;
  password?: string;
}

/** A small client of the upstream's REST calls the feed commands use. */
export class UpstreamClient {
  private constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  static async connect(target: UpstreamTarget): Promise<UpstreamClient> {
    const url = target.url.replace(/\/+$/, '');
    if (target.token) return new UpstreamClient(url, target.token);
    const response = await fetch(`${url}${routes.authenticate.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: target.email ?? 'demo@example.com', password: target.password ?? 'demo' }),
    });
    if (!response.ok) throw new Error(`login at ${url} failed: ${response.status} ${await response.text()}`);
    return new UpstreamClient(url, ((await response.json()) as { token: string }).token);
  }

  get headers(): Record<string, string> {
    return { authorization: `Token ${this.token}` };
  }

  get base(): string {
    return this.url;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { ...this.headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw new Error(`${method} ${path}: ${response.status} ${message}`);
    }
    return JSON.parse(text) as T;
  }

  ingest(matchId: number, messages: FeedMessage[]): Promise<IngestReply> {
    return this.call('POST', buildPath(routes.ingest, { matchId }), { messages });
  }

  reset(matchId: number): Promise<{ deleted: number }> {
    return this.call('POST', buildPath(routes.engineReset, { matchId }));
  }

  match(matchId: number): Promise<Match> {
    return this.call('GET', buildPath(routes.match, { matchId }));
  }

  matches(query: Record<string, unknown>): Promise<ListReply<Match>> {
    return this.call('GET', `${buildPath(routes.matches, { p: Number(query.provider ?? 1), s: 1 })}${buildQuery({ ...query, provider: undefined })}`);
  }

  feed(matchId: number, start = 0): Promise<ListReply<Offer>> {
    return this.call('GET', `${buildPath(routes.matchFeed, { matchId })}${buildQuery({ start, limit: 1000, order_by: 'id' })}`);
  }

  feedEvents(matchId: number, start = 0): Promise<ListReply<MatchFeedEvent>> {
    return this.call('GET', `${buildPath(routes.matchFeedEvents, { matchId })}${buildQuery({ start, limit: 1000 })}`);
  }
}
