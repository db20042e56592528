import nodemailer from 'nodemailer';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface SmtpSender {
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/**
 * SMTP adapter (nodemailer), for EMAIL contacts: one pooled transport to `url`
 * (smtp://user:pass@host:port, smtps:// for TLS), mails sent from `from`.
 */
export function createSmtpSender(url: string, from: string): SmtpSender {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      return { messageId: String(info.messageId ?? '') };
    },
    close: () => transport.close(),
  };
}
