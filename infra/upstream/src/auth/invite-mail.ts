import type { FastifyBaseLogger } from 'fastify';
import type { SmtpSender } from '../mail/smtp';

/** A mail server that does not answer does not hold up the admin's reply longer than this. */
const SEND_TIMEOUT_MS = 5_000;

/**
 * Mails a one-time set-password link to an operator through `server` (the one of SMTP_URL, which
 * EMAIL contacts are sent through) when one is configured. Returns whether the server took it; a
 * failure is logged (without the link) and the admin still has the link on screen to hand over.
 */
export async function mailPasswordLink(
  server: SmtpSender | null,
  to: { email: string; name: string },
  kind: 'invite' | 'reset',
  address: string,
  expiresAt: Date,
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (!server) return false;
  const until = expiresAt.toISOString().replace('T', ' ').slice(0, 16);
  const text =
    kind === 'invite'
      ? `Hello ${to.name},\n\nYou have been invited to the odds console. Choose your password with this link (it works once, until ${until} UTC):\n\n${address}\n`
      : `Hello ${to.name},\n\nAn admin reset your password on the odds console. Choose a new one with this link (it works once, until ${until} UTC):\n\n${address}\n`;
  const subject = kind === 'invite' ? 'Your odds console account' : 'Reset your odds console password';
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      server.send({ to: to.email, subject, text }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer from the mail server in ${SEND_TIMEOUT_MS} ms`)), SEND_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error), kind }, 'set-password link not mailed');
    return false;
  } finally {
    clearTimeout(timer);
  }
}
