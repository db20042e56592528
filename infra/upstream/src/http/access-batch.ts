import { inArray } from 'drizzle-orm';
import type { AccessCheck, AccessResult, SessionReply } from '@odds/protocol';
import type { Db } from '../db/client';
import { matches } from '../db/schema';
import { displayMaySee } from './display-scope';
import type { DisplayPrincipal, DisplayStore } from '../auth/displays';
import { displaySessionReply, operatorSessionReply } from '../auth/session-reply';
import type { SessionStore } from '../auth/sessions';

type Principal = { reply: SessionReply; display: DisplayPrincipal['display'] | null };

/**
 * Answers a burst of the relay's checks in one call: for each token what GET /api/1/session
 * answers, and with a match what GET /api/1/match/:id answers that token (403 for a display
 * that may not show it, 404 for no such match). Each token is looked up once however many
 * watches carry it; the matches named are looked up in one query. A match of a provider the
 * operator is not granted is a 403, as for a display that may not show it.
 */
export async function checkAccessBatch(db: Db, sessions: SessionStore, displays: DisplayStore, checks: readonly AccessCheck[]): Promise<AccessResult[]> {
  const named = [...new Set(checks.flatMap((check) => (check.match_id === undefined ? [] : [check.match_id])))];
  // Each match named and its provider: an operator granted some providers watches only theirs.
  const providerOf = new Map(
    named.length
      ? (await db.select({ id: matches.id, providerId: matches.providerId }).from(matches).where(inArray(matches.id, named))).map((row) => [
          row.id,
          row.providerId,
        ])
      : [],
  );
  const principals = new Map<string, Promise<Principal | null>>();
  const principalOf = (token: string) => {
    const known = principals.get(token);
    if (known) return known;
    const principal = lookUp(sessions, displays, token);
    principals.set(token, principal);
    return principal;
  };
  return Promise.all(
    checks.map(async ({ token, match_id: matchId }): Promise<AccessResult> => {
      const principal = await principalOf(token);
      if (!principal) return { status: 401 };
      if (matchId !== undefined) {
        if (principal.display && !(await displayMaySee(db, principal.display, { matchId }))) return { status: 403 };
        const providerId = providerOf.get(matchId);
        if (providerId === undefined) return { status: 404 };
        const granted = principal.reply.user.provider_ids;
        if (granted && !granted.includes(providerId)) return { status: 403 };
      }
      return { status: 200, session: principal.reply };
    }),
  );
}

/** A token as the auth hook resolves it: an operator's session first, then a wall display's. */
async function lookUp(sessions: SessionStore, displays: DisplayStore, token: string): Promise<Principal | null> {
  const session = await sessions.check(token);
  if (session) return { reply: operatorSessionReply(session), display: null };
  const principal = await displays.check(token);
  if (!principal) return null;
  return { reply: displaySessionReply({ ...principal.user, admin: false, role: 'wall' }, principal.display), display: principal.display };
}
