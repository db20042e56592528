import type { SessionEndReason } from '@odds/protocol';
import { proxy } from 'valtio';
import { onSessionResumed, sessionExpired } from '../api/sessionExpiry';
import { forgetToken } from '../api/token';

/**
 * Why this console's session was ended elsewhere, as the relay says on the live socket just before
 * closing it. A disabled account ends the console: the page says so and nothing more is sent
 * (the token is forgotten). A password changed or reset, or the session ended from a Sessions list
 * (the operator's own elsewhere, or an admin's), asks to sign in again (the sign-in dialog); a
 * logout in another tab of the same session does as before.
 */
export const sessionEndStore = proxy({ reason: null as SessionEndReason | null });

export function sessionEnded(reason: SessionEndReason): void {
  if (sessionEndStore.reason === 'disabled') return;
  sessionEndStore.reason = reason;
  if (reason === 'disabled') forgetToken();
  else if (reason === 'password' || reason === 'revoked') sessionExpired();
}

// Signed in again after a password change or an ended session: the next ending has its own reason.
onSessionResumed(() => {
  if (sessionEndStore.reason === 'password' || sessionEndStore.reason === 'revoked') sessionEndStore.reason = null;
});
