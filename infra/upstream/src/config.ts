/** Upstream settings, all from the environment, with the embedded defaults of `npm start`. */
export interface UpstreamConfig {
  port: number;
  host: string;
  /** postgres://… for Postgres; else a PGlite data directory, or memory:// for a throwaway one. */
  databaseUrl: string;
  demoEmail: string;
  demoPassword: string;
  /** True when DEMO_PASSWORD was given, so an existing demo user gets it. */
  demoPasswordExplicit: boolean;
  /** The second demo operator, so that two people co-editing a match can be seen (OPS_EMAIL / OPS_PASSWORD). */
  opsEmail: string;
  opsPassword: string;
  opsPasswordExplicit: boolean;
  tokenTtlMs: number;
  logLevel: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): UpstreamConfig {
  const hours = Number(env.TOKEN_TTL_HOURS ?? 12);
  if (!Number.isFinite(hours) || hours <= 0) throw new Error(`TOKEN_TTL_HOURS must be a positive number, got '${env.TOKEN_TTL_HOURS}'`);
  return {
    port: Number(env.UPSTREAM_PORT ?? 8081),
    host: env.UPSTREAM_HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || env.PGLITE_DIR || './data/pglite',
    demoEmail: env.DEMO_EMAIL || 'demo@example.com',
    demoPassword: env.DEMO_PASSWORD || 'demo',
    demoPasswordExplicit: Boolean(env.DEMO_PASSWORD),
    opsEmail: env.OPS_EMAIL || 'ops@example.com',
    opsPassword: env.OPS_PASSWORD || 'demo',
    opsPasswordExplicit: Boolean(env.OPS_PASSWORD),
    tokenTtlMs: hours * 3_600_000,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
