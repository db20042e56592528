import { fileURLToPath } from 'node:url';

export interface RelayConfig {
  port: number;
  host: string;
  /** Where the back-office services answer; only `/api/1/` is ever proxied there. */
  upstreamUrl: string;
  /** The built client (Vite's dist) served with SPA fallback. */
  clientDir: string;
  logLevel: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): RelayConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  const upstreamUrl = env.UPSTREAM_URL || 'http://127.0.0.1:8081';
  if (!/^https?:\/\/[^/]+\/?$/.test(upstreamUrl)) throw new Error(`UPSTREAM_URL must be an http(s) origin such as http://127.0.0.1:8081, got '${upstreamUrl}'`);
  return {
    port,
    host: env.HOST ?? '::',
    upstreamUrl: upstreamUrl.replace(/\/$/, ''),
    clientDir: env.CLIENT_DIR ?? fileURLToPath(new URL('../../client/dist', import.meta.url)),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
