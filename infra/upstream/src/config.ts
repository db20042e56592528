/** Upstream settings, all from the environment, with the embedded defaults of `npm start`. */
export interface UpstreamConfig {
  /** NODE_ENV=production: no migrating at start (the schema is checked), no demo data or logins, a real database. */
  production: boolean;
  port: number;
  host: string;
  /** postgres://… for Postgres; else a PGlite data directory, or memory:// for a throwaway one. */
  databaseUrl: string;
  /** Seed demo data and the demo logins (SEED_DEMO; on by default outside production, never in it). */
  seedDemo: boolean;
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
  /** The address operators open (set-password links); PUBLIC_URL. */
  publicUrl: string;
}

/** A setting that stops the process, with a message naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): UpstreamConfig {
  const production = env.NODE_ENV === 'production';
  const hours = Number(env.TOKEN_TTL_HOURS ?? 12);
  if (!Number.isFinite(hours) || hours <= 0) throw new ConfigError(`TOKEN_TTL_HOURS must be a positive number, got '${env.TOKEN_TTL_HOURS}'`);
  const databaseUrl = env.DATABASE_URL || env.PGLITE_DIR || './data/pglite';
  if (production && !env.DATABASE_URL && env.ALLOW_EMBEDDED_DB !== '1') {
    throw new ConfigError('NODE_ENV=production needs DATABASE_URL=postgres://… : the embedded PGlite keeps its data in a local '
      + 'directory that a container loses on redeploy (set ALLOW_EMBEDDED_DB=1 to run on it anyway)');
  }
  const seedAsked = (env.SEED_DEMO ?? '').toLowerCase();
  if (seedAsked && !['0', '1', 'on', 'off', 'true', 'false'].includes(seedAsked)) throw new ConfigError(`SEED_DEMO must be on or off, got '${env.SEED_DEMO}'`);
  const seedOn = ['1', 'on', 'true'].includes(seedAsked);
  if (production && seedOn) throw new ConfigError('SEED_DEMO is refused with NODE_ENV=production: a production database gets no demo data and no demo logins');
  return {
    production,
    port: Number(env.UPSTREAM_PORT ?? 8081),
    host: env.UPSTREAM_HOST ?? '127.0.0.1',
    databaseUrl,
    seedDemo: !production && (seedAsked === '' || seedOn),
    demoEmail: env.DEMO_EMAIL || 'demo@example.com',
    demoPassword: env.DEMO_PASSWORD || 'demo',
    demoPasswordExplicit: Boolean(env.DEMO_PASSWORD),
    opsEmail: env.OPS_EMAIL || 'ops@example.com',
    opsPassword: env.OPS_PASSWORD || 'demo',
    opsPasswordExplicit: Boolean(env.OPS_PASSWORD),
    tokenTtlMs: hours * 3_600_000,
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl: env.PUBLIC_URL || `http://localhost:${env.PORT || 8080}`,
  };
}
