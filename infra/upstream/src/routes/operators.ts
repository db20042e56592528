import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PASSWORD_FRAGMENT_KEY, routes, type SessionEndReason } from '@odds/protocol';
import {
  changeOwnPassword,
  consumePasswordToken,
  createOperator,
  getOperator,
  issuePasswordToken,
  listOperators,
  setOperatorAdmin,
  setOperatorStatus,
  type PasswordLink,
} from '../auth/accounts';
import { setAccess } from '../auth/access';
import { mailPasswordLink } from '../auth/invite-mail';
import { tokenHash, type SessionStore } from '../auth/sessions';
import { clientAddress, LoginThrottle, TooManyFromNetwork, TooManyLogins, waitText } from '../auth/throttle';
import { actorOf } from '../coedit/versioned';
import type { Db } from '../db/client';
import { passwordTokens } from '../db/schema';
import type { SmtpSender } from '../mail/smtp';
import { Errors } from '../errors';
import { requireAdmin } from '../http/auth';
import { implement } from '../http/implement';

/**
 * Operator accounts from the console (auth/accounts.ts does the work, each change one audited
 * transaction). Only admins manage operators. Sessions a change ends are announced on the change
 * stream with why, so every relay closes their live connections at once and their consoles say so.
 */
export async function operatorRoutes(
  app: FastifyInstance,
  { db, sessions, mail = null, throttle = new LoginThrottle() }: { db: Db; sessions: SessionStore; mail?: SmtpSender | null; throttle?: LoginThrottle },
) {
  const announceEnded = (hashes: string[], reason: SessionEndReason) => {
    if (hashes.length) app.changes.publish({ match_id: 0, topics: [], revoked_tokens: hashes, revoked_reason: reason });
  };
  // A role or grants changed: this process reads them afresh, other processes and every relay are
  // told on the change stream (the relays tell the operator's open consoles at once).
  const announceAccess = (operatorId: number, hashes: string[]) => {
    sessions.forgetUser(operatorId);
    if (hashes.length) app.changes.publish({ match_id: 0, topics: [], access_changed: hashes });
  };

  /** The link as the admin sees it (and as it is mailed: on the console the admin is using). */
  const linkReply = async (request: FastifyRequest, operator: { email: string; name: string }, kind: 'invite' | 'reset', link: PasswordLink) => {
    const path = `/set-password#${PASSWORD_FRAGMENT_KEY}=${link.token}`;
    const mailed = await mailPasswordLink(mail, operator, kind, consoleOrigin(request) + path, link.expiresAt, request.log);
    return { path, expires_at: link.expiresAt.toISOString(), mailed };
  };

  implement(app, routes.operators, async ({ user }) => {
    requireAdmin(user);
    const results = await listOperators(db);
    return { results, total: results.length, limit: results.length };
  });

  implement(app, routes.operatorInvite, async ({ body, user, request }) => {
    requireAdmin(user);
    const { account, link } = await createOperator(
      db,
      { email: body.email, name: body.name, admin: body.admin, role: body.role, providerIds: body.provider_ids },
      actorOf(user),
    );
    return { operator: account, link: await linkReply(request, account, 'invite', link!) };
  });

  implement(app, routes.operatorStatus, async ({ params, body, user }) => {
    requireAdmin(user);
    const { account, revokedTokenHashes } = await setOperatorStatus(db, params.operatorId, body.status, actorOf(user));
    announceEnded(revokedTokenHashes, 'disabled');
    return account;
  });

  implement(app, routes.operatorAdmin, async ({ params, body, user }) => {
    requireAdmin(user);
    const { account, sessionHashes } = await setOperatorAdmin(db, params.operatorId, body.admin, actorOf(user));
    announceAccess(params.operatorId, sessionHashes);
    return account;
  });

  implement(app, routes.operatorAccess, async ({ params, body, user }) => {
    requireAdmin(user);
    const { sessionHashes } = await db.transaction((tx) =>
      setAccess(tx, params.operatorId, { role: body.role, providerIds: body.provider_ids }, actorOf(user), body.version),
    );
    announceAccess(params.operatorId, sessionHashes);
    const account = await getOperator(db, params.operatorId);
    if (!account) throw new Errors.NotFound('Operator', params.operatorId);
    return account;
  });

  implement(app, routes.operatorResetPassword, async ({ params, user, request }) => {
    requireAdmin(user);
    const { revokedTokenHashes, ...link } = await issuePasswordToken(db, params.operatorId, 'reset', actorOf(user));
    announceEnded(revokedTokenHashes, 'password');
    const account = await getOperator(db, params.operatorId);
    if (!account) throw new Errors.NotFound('Operator', params.operatorId);
    return { operator: account, link: await linkReply(request, account, 'reset', link) };
  });

  // Public: the link's token is the credential. Counted per link (its account's lockout) and per
  // address, like logins: an address over its limit (a proxy, a NAT) is refused only for links that
  // do not work, never for a valid one, so other people's bad links never lock an invitee out.
  // An unknown link is refused before any password is hashed.
  implement(app, routes.passwordSet, async ({ body, request, reply }) => {
    const address = clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for']);
    const key = `link:${tokenHash(body.token)}`;
    const refused = throttle.begin(key, address);
    const refuse = (retryAfterS: number, network: boolean): never => {
      reply.header('retry-after', String(retryAfterS));
      throw network ? new TooManyFromNetwork(waitText(retryAfterS)) : new TooManyLogins(waitText(retryAfterS));
    };
    if (refused?.scope === 'account') refuse(refused.retryAfterS, false);
    if (!(await linkUsable(db, body.token))) {
      if (refused) refuse(refused.retryAfterS, true);
      throw new Errors.LinkInvalid();
    }
    const account = await consumePasswordToken(db, body.token, body.password);
    throttle.succeeded(key, address, !refused);
    const signedIn = await sessions.login(account.email, body.password, { address, userAgent: request.headers['user-agent'] });
    if (!signedIn) throw new Errors.BadCredentials();
    return {
      token: signedIn.token,
      user: { ...signedIn.session.user, admin: signedIn.session.admin },
      success: true as const,
      expires_at: signedIn.session.expiresAt.toISOString(),
    };
  });

  implement(app, routes.passwordChange, async ({ body, user, request }) => {
    if (request.display) throw new Errors.Forbidden();
    const { revokedTokenHashes } = await changeOwnPassword(db, user.id, body.current_password, body.new_password, request.token ?? undefined);
    announceEnded(revokedTokenHashes, 'password');
    return { success: true };
  });
}

/** Whether a link exists, is unused and has not expired (consumePasswordToken checks it again, locked). */
async function linkUsable(db: Db, token: string): Promise<boolean> {
  const [link] = await db
    .select({ usedAt: passwordTokens.usedAt, expiresAt: passwordTokens.expiresAt })
    .from(passwordTokens)
    .where(eq(passwordTokens.tokenHash, tokenHash(token)));
  return link !== undefined && link.usedAt === null && link.expiresAt.getTime() > Date.now();
}

/** The console's address as the admin's browser names it (Origin), for the mailed link. */
function consoleOrigin(request: FastifyRequest): string {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/\s]+$/.test(origin)) return origin;
  const host = request.headers['x-forwarded-host'] ?? request.headers.host;
  const proto = request.headers['x-forwarded-proto'] ?? request.protocol;
  return `${String(proto).split(',')[0]}://${String(host).split(',')[0]}`;
}
