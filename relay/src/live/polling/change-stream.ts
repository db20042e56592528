import { routes, type ChangeNotice } from '@odds/protocol';
import { readChangeStream } from '@odds/protocol/change-stream';
import type { FastifyBaseLogger } from 'fastify';
import type { RelayMetrics } from '../../metrics';
import { backoffDelay } from '@odds/ops';
import type { PollCredentials } from './credentials';

export interface ChangeStreamOptions {
  baseUrl: string;
  credentials: PollCredentials;
  onNotice(notice: ChangeNotice): void;
  /** Connected (again): notices may have been missed meanwhile, so poll everything once. */
  onConnected(): void;
  /** The stream was lost (or closed) after it had connected: notices no longer come, poll on the interval. */
  onDisconnected?(): void;
  metrics: RelayMetrics;
  log: FastifyBaseLogger;
  /** Longest silence (the upstream sends a comment every 15 s) before the stream is presumed dead. */
  idleMs?: number;
}

/**
 * The upstream's change stream (server-sent events at protocol's `changes` route): one connection
 * per relay instance, for all matches, held while this instance polls at least one match. Each
 * `change` notice makes the match's pollers poll at once. Reconnects with backoff and
 * Last-Event-ID; when the upstream has no change stream (404) it is retried rarely and plain
 * polling carries on meanwhile.
 */
export class ChangeStream {
  private active = false;
  private abort: AbortController | null = null;
  private loop: Promise<void> | null = null;
  private lastEventId: string | null = null;
  private closed = false;
  connected = false;

  constructor(private readonly options: ChangeStreamOptions) {}

  setActive(active: boolean): void {
    if (this.closed || active === this.active) return;
    this.active = active;
    if (active) this.loop ??= this.run().finally(() => (this.loop = null));
    else this.abort?.abort();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.active = false;
    this.abort?.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    const { log } = this.options;
    let failures = 0;
    while (this.active && !this.closed) {
      let unsupported = false;
      try {
        unsupported = await this.connect();
        failures = 0;
      } catch (error) {
        if (!this.active) break;
        failures++;
        log.warn({ err: error, failures }, 'change stream lost; polling carries on');
      }
      if (this.connected) {
        this.connected = false;
        if (!this.closed) this.options.onDisconnected?.();
      }
      if (!this.active) break;
      // No change stream at this upstream: look again in a minute, poll meanwhile.
      const delay = unsupported ? 60_000 : backoffDelay(failures, { baseMs: 500, maxMs: 30_000, jitter: 'equal' });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.abort = new AbortController();
        this.abort.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** One connection, until it ends; true when the upstream has no change stream. */
  private async connect(): Promise<boolean> {
    const { baseUrl, credentials, log } = this.options;
    const token = await credentials.token();
    this.abort = new AbortController();
    const idleMs = this.options.idleMs ?? 45_000;
    let idle = setTimeout(() => this.abort?.abort(), idleMs);
    try {
      const response = await fetch(baseUrl + routes.changes.path, {
        headers: { authorization: `Token ${token}`, accept: 'text/event-stream', ...(this.lastEventId && { 'last-event-id': this.lastEventId }) },
        signal: this.abort.signal,
      });
      if (response.status === 404) {
        await response.body?.cancel();
        log.info('the upstream has no change stream; polling only');
        return true;
      }
      if (response.status === 401) {
        await response.body?.cancel();
        credentials.rejected(token);
        throw new Error('the upstream refused the change stream token');
      }
      if (!response.ok || !response.body) throw new Error(`change stream answered ${response.status}`);
      this.connected = true;
      log.info('change stream connected');
      this.options.onConnected();
      await readChangeStream(response.body as AsyncIterable<Uint8Array>, {
        activity: () => {
          clearTimeout(idle);
          idle = setTimeout(() => this.abort?.abort(), idleMs);
        },
        position: (id) => {
          this.lastEventId = id;
        },
        notice: (notice) => {
          this.options.metrics.changeNotices.inc({ kind: 'change' });
          // A notice the hub fails on costs that notice, not the stream.
          try {
            this.options.onNotice(notice);
          } catch (error) {
            log.warn({ err: error, matchId: notice.match_id }, 'change notice not applied');
          }
        },
        invalid: (problem) => log.warn({ problem }, 'unreadable change notice'),
      });
      log.info('change stream ended');
      return false;
    } finally {
      clearTimeout(idle);
    }
  }
}
