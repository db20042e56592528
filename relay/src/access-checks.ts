import { ACCESS_BATCH_MAX, type AccessCheck, type AccessResult, buildPath, routes, type SessionReply } from '@odds/protocol';

/** How long a check waits for others to share its call: a few ms when quiet, longer in a burst. */
const GATHER_MS = 5;
/** Within a burst (a call went out less than BURST_MS ago) checks gather for longer: 50 ms on a console's opening is not seen, 20 calls a second instead of 200 is. */
const BURST_GATHER_MS = 50;
const BURST_MS = 200;

/**
 * The upstream answered a check, but with no answer to it: busy (429, 502–504: asking again later
 * may pass) or at fault (any other status, a batch of the wrong size: asking again will not help).
 */
export class CheckFailed extends Error {
  constructor(
    readonly status: number,
    what: string,
  ) {
    super(`upstream answered ${status} to ${what}`);
  }

  get busy(): boolean {
    return this.status === 429 || (this.status >= 502 && this.status <= 504);
  }
}

interface Pending {
  check: AccessCheck;
  resolve: (result: AccessResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The relay's questions about tokens (is this a session? may it see this match?), gathered: checks
 * asked within GATHER_MS of each other (BURST_GATHER_MS in a burst) go to the upstream as one
 * POST /api/1/live/access (up to ACCESS_BATCH_MAX each), so a thousand consoles opening in one second cost a handful of calls. A
 * check alone goes as the single call (GET /api/1/session or GET /api/1/match/:id), and so does a
 * burst when no operator's token is known yet to send the batch with (the first one's answer gives
 * one) or when the upstream refuses the batch's own token.
 */
export class AccessChecks {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private lastFlush = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    /** A token the relay knows to be an operator's valid session (the batch is sent with it), if any. */
    private readonly operatorToken: () => string | undefined,
  ) {}

  /** What the upstream answers this check; throws when it cannot be reached or answers otherwise. */
  ask(check: AccessCheck): Promise<AccessResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ check, resolve, reject });
      if (this.queue.length >= ACCESS_BATCH_MAX) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), Date.now() - this.lastFlush < BURST_MS ? BURST_GATHER_MS : GATHER_MS);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    this.lastFlush = Date.now();
    if (batch.length) void this.send(batch);
  }

  private async send(batch: Pending[]): Promise<void> {
    let rest = batch;
    let token = this.operatorToken();
    if (!token && batch.length > 1) {
      // None known yet: the first check alone, whose session (an operator's) then carries the rest.
      const first = batch[0]!;
      rest = batch.slice(1);
      const answer = await this.settle([first], () => this.single(first.check));
      if (answer?.[0]?.status === 200 && answer[0].session && !answer[0].session.display) token = first.check.token;
    }
    const results = rest.length > 1 && token ? await this.settle(rest, () => this.batch(rest, token)) : null;
    if (!results) await Promise.all(rest.map((pending) => this.settle([pending], () => this.single(pending.check))));
  }

  /**
   * Runs one call for these checks and hands each its answer, or the call's error (then the
   * answer is `[]`, settled). Null when the call declined them: they are still to be asked.
   */
  private async settle(pendings: Pending[], call: () => Promise<AccessResult[] | null>): Promise<AccessResult[] | null> {
    try {
      const results = await call();
      if (results) for (const [i, pending] of pendings.entries()) pending.resolve(results[i]!);
      return results;
    } catch (error) {
      for (const pending of pendings) pending.reject(error);
      return [];
    }
  }

  private async batch(pendings: Pending[], token: string): Promise<AccessResult[] | null> {
    const response = await fetch(this.baseUrl + routes.accessBatch.path, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ checks: pendings.map((pending) => pending.check) }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // The batch's own token ended meanwhile, or an upstream without the batch call: one call each.
    if (response.status === 401 || response.status === 403 || response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw new CheckFailed(response.status, 'an access batch');
    const { results } = (await response.json()) as { results: AccessResult[] };
    if (results.length !== pendings.length) throw new CheckFailed(response.status, `an access batch of ${pendings.length} with ${results.length} results`);
    return results;
  }

  private async single({ token, match_id: matchId }: AccessCheck): Promise<AccessResult[]> {
    const path = matchId === undefined ? routes.session.path : buildPath(routes.match, { matchId });
    const response = await fetch(this.baseUrl + path, { headers: { authorization: `Token ${token}` }, signal: AbortSignal.timeout(this.timeoutMs) });
    const status = response.status;
    // A token the upstream cannot even read (400, 431) is no session either.
    if (status === 401 || (matchId === undefined && (status === 400 || status === 431))) {
      await response.body?.cancel();
      return [{ status: 401 }];
    }
    if (matchId !== undefined && (status === 403 || status === 404)) {
      await response.body?.cancel();
      return [{ status }];
    }
    if (!response.ok) throw new CheckFailed(status, `a ${matchId === undefined ? 'token' : 'match'} check`);
    if (matchId !== undefined) {
      await response.body?.cancel();
      return [{ status: 200 }];
    }
    return [{ status: 200, session: (await response.json()) as SessionReply }];
  }
}
