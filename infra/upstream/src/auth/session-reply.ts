import type { AuthReply, DisplaySession, SessionReply, User } from '@odds/protocol';
import { DISPLAY_RECHECK_MS } from './displays';
import type { Session } from './sessions';

/** What GET /api/1/session answers for an operator's session. */
export const operatorSessionReply = (session: Session): SessionReply => ({
  user: { ...session.user, admin: session.admin },
  expires_at: session.expiresAt.toISOString(),
});

/** What a sign-in answers (a password login, or the identity provider's ticket traded): the new token and its session. */
export const signedInReply = ({ token, session }: { token: string; session: Session }): AuthReply => ({
  token,
  user: { ...session.user, admin: session.admin },
  success: true,
  expires_at: session.expiresAt.toISOString(),
});

/** What it answers for a wall display's token: no expiry, a time to ask again (a day on). */
export const displaySessionReply = (user: User, display: DisplaySession): SessionReply => ({
  user,
  display,
  expires_at: new Date(Date.now() + DISPLAY_RECHECK_MS).toISOString(),
});
