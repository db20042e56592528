import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { routes, type SsoGroupGrantInput } from '@odds/protocol';
import { listGroupGrants, presentGroupGrant } from '../auth/oidc/group-grants';
import type { SignInSettings } from '../auth/oidc/settings';
import { expectedVersion } from '../coedit/conflict';
import { actorOf, createOne, versionedWrite, writeOne } from '../coedit/versioned';
import type { Db } from '../db/client';
import { providers, ssoGroupGrants } from '../db/schema';
import { Errors } from '../errors';
import { requireAdmin } from '../http/auth';
import { implement } from '../http/implement';

const isUnique = (error: unknown) => [(error as { code?: string }).code, (error as { cause?: { code?: string } }).cause?.code].includes('23505');

/**
 * The mapping from the identity provider's groups to what they give at sign-in (docs/sso.md), for
 * admins: versioned (If-Match) and audited as entity `sso_group`, like other admin writes. It
 * applies at each member's next sign-in; with OIDC_ROLES=console it is kept but ignored.
 */
export async function ssoGroupRoutes(app: FastifyInstance, { db, signIn }: { db: Db; signIn: SignInSettings }) {
  /** The row's values, its providers checked to exist; the group's name as the claim has it (trimmed). */
  const valuesOf = async (body: SsoGroupGrantInput) => {
    const group = body.group.trim();
    if (!group) throw new Errors.BadRequest('Name the group as the identity provider sends it in the groups claim.');
    const ids = body.provider_ids === null ? null : [...new Set(body.provider_ids)].sort((a, b) => a - b);
    if (ids?.length) {
      const found = await db.select({ id: providers.id }).from(providers).where(inArray(providers.id, ids));
      const missing = ids.filter((id) => !found.some((row) => row.id === id));
      if (missing.length) throw new Errors.BadRequest(`No provider has the id ${missing.join(', ')}.`);
    }
    return { groupName: group, role: body.role, providerIds: ids, updatedAt: new Date() };
  };
  const saving = async <T>(group: string, write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      if (isUnique(error)) throw new Errors.SsoGroupTaken(group.trim());
      throw error;
    }
  };

  implement(app, routes.ssoGroups, async ({ user }) => {
    requireAdmin(user);
    return {
      configured: signIn.sso !== null,
      managed: signIn.sso?.roles ?? 'groups',
      claim: signIn.sso?.groupsClaim ?? 'groups',
      results: await listGroupGrants(db),
    };
  });

  implement(app, routes.ssoGroupCreate, async (call) => {
    requireAdmin(call.user);
    const values = await valuesOf(call.body);
    return saving(call.body.group, () =>
      createOne(app.writes, call, 'sso_group', async (tx) => presentGroupGrant((await tx.insert(ssoGroupGrants).values(values).returning())[0]!)),
    );
  });

  implement(app, routes.ssoGroupUpdate, async (call) => {
    requireAdmin(call.user);
    const values = await valuesOf(call.body);
    return saving(call.body.group, () =>
      writeOne(app.writes, call, 'sso_group', call.params.grantId, async (tx) => {
        const [row] = await tx.update(ssoGroupGrants).set(values).where(eq(ssoGroupGrants.id, call.params.grantId)).returning();
        if (!row) throw new Errors.NotFound('SSO group', call.params.grantId);
        return presentGroupGrant(row);
      }),
    );
  });

  implement(app, routes.ssoGroupDelete, async (call) => {
    requireAdmin(call.user);
    // A DELETE has no body: the version read comes as If-Match or ?version=.
    const expected = expectedVersion(call.request.headers, call.query);
    const target = { id: call.params.grantId, expected, action: 'delete' as const };
    return versionedWrite(app.writes, { entity: 'sso_group', actor: actorOf(call.user), targets: [target] }, async (tx) => {
      const deleted = await tx.delete(ssoGroupGrants).where(eq(ssoGroupGrants.id, call.params.grantId)).returning({ id: ssoGroupGrants.id });
      if (!deleted.length) throw new Errors.NotFound('SSO group', call.params.grantId);
      return { success: true };
    });
  });
}
