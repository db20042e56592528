import type { FastifyBaseLogger } from 'fastify';
import { createSmtpSender, type SmtpSender } from '../engine/channels/smtp';

/** A mail server that does not answer does not hold up the admin's reply longer than this. */
const SEND_TIMEOUT_MS = 5_000;

let sender: SmtpSender | null | undefined;

/** The SMTP server of SMTP_URL (the one EMAIL contacts are sent through), made on first use; null when none is set. */
function smtp(): SmtpSender | null {
  if (sender === undefined) {
    const url = process.env.SMTP_URL;
    sender = url ? createSmtpSender(url, process.env.SMTP_FROM || 'offers@odds-console.local') : null;
  }
  return sender;
}

/**
 * Mails a one-time set-password link to an operator when an SMTP server is configured. Returns
 * whether the server took it; a failure is logged (without the link) and the admin still has the
 * link on screen to hand over.
 */
export async function mailPasswordLink(
  to: { email: string; name: string }, kind: 'invite' | 'reset', address: string, expiresAt: Date, log: FastifyBaseLogger,
): Promise<boolean> {
  const server = smtp();
  if (!server) return false;
  const until = expiresAt.toISOString().replace('T', ' ').slice(0, 16);
  const text = kind === 'invite'
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

/** Forgets the mail server (tests that set SMTP_URL for a while). */
export function resetInviteMail(): void {
  sender?.close();
  sender = undefined;
}
