import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULTS, frozen, type Environment } from '@odds/ops';
import type { ApiDocsAccess } from './api-docs/plugin';
import { DEFAULT_ADMISSION, type AdmissionLimits } from './live/ground/admission-limits';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './live/ground/rate-limit';
import type { ProxyLimits } from './proxy';

/** The live path's settings; every one has a default, tests and the bench override some. */
export interface LiveConfig {
  /** redis:// URL: the socket.io Redis adapter, leases and shared live state across instances. Unset: one process, in memory. */
  redisUrl: string | null;
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix: string;
  /** Time between two polls of a watched match's topic (the old console polled every 5 s from each browser). */
  pollIntervalMs: number;
  backoffMs: number;
  maxBackoffMs: number;
  /** Consecutive failed polls after which the upstream is reported down rather than degraded. */
  downAfter: number;
  /** How long a match keeps its pollers after its last watcher leaves. */
  graceMs: number;
  /** How long a match's live state (and history for resyncs) is kept after it was last watched or changed. */
  retainMs: number;
  /** Deltas kept per match and topic for resyncs. */
  maxDeltas: number;
  /** A lease not renewed within this time lapses; another instance takes the match over. */
  leaseTtlMs: number;
  primeTimeoutMs: number;
  maxWatches: number;
  presenceRefreshMs: number;
  rateLimits: RateLimits;
  /** Caps of live connections per client address and per token, and handshakes per address per second. */
  admission: AdmissionLimits;
  /** Subscribe to the upstream's change stream (poll at once on a change); polling only when false. */
  changeStream: boolean;
  /** While the change stream is healthy, a topic is polled when a notice names it and at least this often. */
  safetyPollMs: number;
  /** Window of the catch-up checks after the change stream connects (tests shorten it; the hub's default otherwise). */
  catchUpMs?: number;
  /** A service account for the relay's own polls; without it, watchers' tokens are used. */
  relayEmail: string | null;
  relayPassword: string | null;
  /** How often the upstream's health is probed (a hung upstream is reported down within about 2 probes and a second). */
  probeIntervalMs: number;
  /** When set, /metrics needs `Authorization: Bearer <token>`; unset, it answers only loopback peers. */
  metricsToken: string | null;
}

/** The relay process's settings, read once at start from its environment (`readConfig`). */
export interface RelayConfig {
  /** NODE_ENV=production: the known demo password is refused for the relay's service account. */
  production: boolean;
  port: number;
  host: string;
  /** Where the back-office services answer; only `/api/1/` is ever proxied there. */
  upstreamUrl: string;
  /** The built client (Vite's dist) served with SPA fallback. */
  clientDir: string;
  logLevel: string;
  live: LiveConfig;
  /** Body limits and upstream timeouts of the `/api/1/` proxy. */
  proxy: ProxyLimits;
  /**
   * TRUST_PROXY: the relay sits behind a proxy that sets X-Forwarded-For / -Proto (`true`, a hop
   * count, or addresses as Fastify's trustProxy takes them). Client addresses (login throttling,
   * logs) and the request's protocol (HSTS on https) are then read from those headers.
   */
  trustProxy: boolean | number | string;
  /** API_DOCS: whether `/api/docs/json` needs a login. */
  apiDocs: ApiDocsAccess;
  /** LOG_FORMAT and NO_COLOR, as the logger options take them. */
  log: { LOG_FORMAT?: string; NO_COLOR?: string };
}

export const DEFAULT_LIVE_CONFIG: LiveConfig = {
  redisUrl: null,
  redisPrefix: DEFAULTS.REDIS_PREFIX,
  pollIntervalMs: DEFAULTS.POLL_INTERVAL_MS,
  backoffMs: 1_000,
  maxBackoffMs: 30_000,
  downAfter: 3,
  graceMs: DEFAULTS.WATCH_GRACE_MS,
  retainMs: DEFAULTS.LIVE_RETAIN_MS,
  maxDeltas: 500,
  leaseTtlMs: DEFAULTS.LEASE_TTL_MS,
  primeTimeoutMs: 3_000,
  maxWatches: 50,
  presenceRefreshMs: 15_000,
  rateLimits: DEFAULT_RATE_LIMITS,
  admission: DEFAULT_ADMISSION,
  changeStream: DEFAULTS.CHANGE_STREAM,
  safetyPollMs: DEFAULTS.SAFETY_POLL_MS,
  relayEmail: null,
  relayPassword: null,
  metricsToken: null,
  probeIntervalMs: 1_000,
};

/** The built client: client/dist of the repository, from the sources (relay/src) or from the bundle (dist/). */
function defaultClientDir(): string {
  const candidates = ['../../client/dist', '../client/dist'].map((path) => fileURLToPath(new URL(path, import.meta.url)));
  return candidates.find((dir) => existsSync(dir)) ?? candidates[0]!;
}

/**
 * The relay's settings from its environment (`startProcess('relay')`: parsed, defaults filled in),
 * frozen; throws naming a combination it refuses. The relay proxies one origin, so UPSTREAM_URL
 * (a URL by the table, which the feed tools share) may carry no path.
 */
export function readConfig(env: Environment<'relay'>): Readonly<RelayConfig> {
  const upstreamUrl = env.UPSTREAM_URL ?? 'http://127.0.0.1:8081';
  if (!/^https?:\/\/[^/]+\/?$/.test(upstreamUrl)) throw new Error(`UPSTREAM_URL must be an http(s) origin such as http://127.0.0.1:8081, got '${upstreamUrl}'`);
  if ((env.RELAY_EMAIL === undefined) !== (env.RELAY_PASSWORD === undefined))
    throw new Error('RELAY_EMAIL and RELAY_PASSWORD go together: set both or neither');
  return frozen({
    production: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    upstreamUrl: upstreamUrl.replace(/\/$/, ''),
    clientDir: env.CLIENT_DIR ?? defaultClientDir(),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    proxy: {
      bodyLimit: env.RELAY_BODY_LIMIT,
      uploadLimit: env.RELAY_UPLOAD_LIMIT,
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
      slowTimeoutMs: env.UPSTREAM_SLOW_TIMEOUT_MS,
    },
    live: {
      ...DEFAULT_LIVE_CONFIG,
      redisUrl: env.REDIS_URL ?? null,
      redisPrefix: env.REDIS_PREFIX,
      pollIntervalMs: env.POLL_INTERVAL_MS,
      graceMs: env.WATCH_GRACE_MS,
      retainMs: env.LIVE_RETAIN_MS,
      leaseTtlMs: env.LEASE_TTL_MS,
      safetyPollMs: env.SAFETY_POLL_MS,
      changeStream: env.CHANGE_STREAM,
      relayEmail: env.RELAY_EMAIL ?? null,
      relayPassword: env.RELAY_PASSWORD ?? null,
      metricsToken: env.METRICS_TOKEN ?? null,
      admission: {
        maxPerAddress: env.RELAY_MAX_SOCKETS_PER_ADDRESS,
        maxPerToken: env.RELAY_MAX_SOCKETS_PER_TOKEN,
        handshakesPerSecond: env.RELAY_HANDSHAKES_PER_SECOND,
      },
    },
    apiDocs: env.API_DOCS,
    log: { LOG_FORMAT: env.LOG_FORMAT, NO_COLOR: env.NO_COLOR },
  });
}
