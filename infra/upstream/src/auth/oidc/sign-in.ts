import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuditActor, SsoRefusal } from '@odds/protocol';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { audit, NO_PASSWORD } from '../accounts';
import { grantNewOperator } from '../access';
import { applyGrant, type Grant } from './apply-grant';
import { grantFor, groupsOf } from './group-grants';
import type { SsoSettings } from './settings';

type UserRow = typeof users.$inferSelect;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The console's word for a change a sign-in made: the operator's own (they signed in), through the provider. */
const through = (row: UserRow): AuditActor => ({ id: row.id, name: row.name });

/** The ID token's claims this console reads (docs/sso.md): `sub`, the email, a name, the groups. */
interface Identity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  groups: string[];
}

function identityOf(claims: Record<string, unknown>, settings: SsoSettings): Identity {
  const text = (key: string) => (typeof claims[key] === 'string' && (claims[key] as string).trim() ? (claims[key] as string).trim() : null);
  // Entra ID sends `email` only when the user has a mailbox; its `preferred_username` is the UPN, an address.
  const email = [text('email'), text('preferred_username')].find((value) => value !== null && EMAIL.test(value) && value.length <= 254) ?? null;
  const given = [text('given_name'), text('family_name')].filter(Boolean).join(' ');
  return {
    issuer: String(claims.iss),
    subject: String(claims.sub),
    email,
    emailVerified: claims.email_verified !== false,
    name: (text('name') ?? given) || null,
    groups: groupsOf(claims, settings.groupsClaim),
  };
}

/**
 * The account an ID token signs in, in one transaction with what the sign-in changes: found by the
 * provider's issuer and `sub`; else an account with the token's (verified) email that no provider
 * identity holds yet is linked to it (an invited account becomes active); else, just in time, a new
 * account. Its role is then what its groups grant (OIDC_ROLES=groups), at every sign-in. Every
 * change is on the account's History. A refusal names its reason for the login screen.
 */
export async function signInAccount(db: Db, settings: SsoSettings, claims: Record<string, unknown>): Promise<{ userId: number } | { refused: SsoRefusal }> {
  const identity = identityOf(claims, settings);
  const grant = settings.roles === 'groups' ? await grantFor(db, identity.groups) : null;
  if (settings.roles === 'groups' && !grant) return { refused: 'no_access' };
  try {
    return await resolve(db, settings, identity, grant);
  } catch (error) {
    // Two first sign-ins of one person at once: the second insert meets the first's unique index.
    // Run again: it now finds the account the first one created.
    if (![(error as { code?: string }).code, (error as { cause?: { code?: string } }).cause?.code].includes('23505')) throw error;
    return resolve(db, settings, identity, grant);
  }
}

async function resolve(db: Db, settings: SsoSettings, identity: Identity, grant: Grant | null): Promise<{ userId: number } | { refused: SsoRefusal }> {
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select()
      .from(users)
      .where(and(eq(users.ssoIssuer, identity.issuer), eq(users.ssoSubject, identity.subject)))
      .for('update');
    let before: UserRow | null = known ?? null;
    let event: string | null = null;
    if (!before && identity.email && identity.emailVerified) {
      const [invited] = await tx
        .select()
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, identity.email.toLowerCase()), isNull(users.ssoSubject)))
        .for('update');
      if (invited) {
        before = invited;
        event = 'linked to the identity provider at first sign-in';
      }
    }
    if (!before) {
      if (settings.accounts !== 'just-in-time') return { refused: 'not_invited' as const };
      // A new account takes the address as its own: only one the provider vouches for.
      if (!identity.email || !identity.emailVerified) return { refused: 'no_email' as const };
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, identity.email.toLowerCase()));
      // The address belongs to an account another identity of the provider holds (or unverified): not this one's.
      if (taken) return { refused: 'not_invited' as const };
      const [created] = await tx
        .insert(users)
        .values({
          email: identity.email,
          name: (identity.name ?? identity.email).slice(0, 200),
          passwordHash: NO_PASSWORD,
          role: 'editor',
          status: 'active',
          ssoIssuer: identity.issuer,
          ssoSubject: identity.subject,
        })
        .returning();
      await audit(tx, through(created!), created!.id, 'create', null, created!, 'created at first sign-in through the identity provider');
      // Its groups' role and providers, or (roles managed in the console) every provider, as an invite.
      if (grant) await applyGrant(tx, created!.id, grant);
      else await grantNewOperator(tx, created!.id, 'editor', 'all');
      return { userId: created!.id };
    }
    if (before.status === 'disabled') return { refused: 'disabled' as const };
    await tx.update(users).set({ ssoIssuer: identity.issuer, ssoSubject: identity.subject, status: 'active' }).where(eq(users.id, before.id));
    if (grant) await applyGrant(tx, before.id, grant);
    const [after] = await tx.select().from(users).where(eq(users.id, before.id));
    const roleChanged = after!.admin !== before.admin;
    if (event || before.status !== after!.status || roleChanged) {
      const why = roleChanged ? `${after!.admin ? 'made admin' : 'no longer admin'} by the identity provider's groups` : null;
      await audit(tx, through(after!), before.id, 'update', before, after!, [event, why].filter(Boolean).join('; ') || undefined);
    }
    return { userId: before.id };
  });
}
