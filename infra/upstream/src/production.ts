import { and, eq, inArray, sql } from 'drizzle-orm';
import { verifyPassword } from './auth/passwords';
import { ConfigError, type UpstreamConfig } from './config';
import type { Db } from './db/client';
import { users } from './db/schema';

/** Passwords the demo data has used: never accepted on an active account in production. */
const KNOWN_DEMO_PASSWORDS = ['demo'];
const DEMO_EMAILS = ['demo@example.com', 'ops@example.com'];

/**
 * In production, refuses to serve while an active account the demo seed creates (demo@, ops@, or
 * DEMO_EMAIL / OPS_EMAIL) still signs in with a known demo password: a database that was once
 * started on the laptop path, then pointed at by a deployment, would otherwise be open to anyone
 * who has read the README. Disable the account or reset its password (operator command) first.
 */
export async function refuseDemoLogins(db: Db, config: UpstreamConfig): Promise<void> {
  const emails = [...new Set([...DEMO_EMAILS, config.demoEmail, config.opsEmail].map((e) => e.toLowerCase()))];
  const rows = await db
    .select({ email: users.email, hash: users.passwordHash })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, emails), eq(users.status, 'active')));
  for (const row of rows) {
    for (const password of KNOWN_DEMO_PASSWORDS) {
      if (await verifyPassword(password, row.hash)) {
        throw new ConfigError(
          `the account ${row.email} signs in with the known demo password; NODE_ENV=production refuses to start with it. ` +
            `Disable it (node dist/operator.js disable --email ${row.email}) or give it a new password (reset-password) first`,
        );
      }
    }
  }
}
