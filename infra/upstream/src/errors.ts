import createError from '@fastify/error';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseOutage } from './outage';

/**
 * Every error the services throw by name. The message is what the operator sees (SPEC §8), so it
 * says what was wrong in the operator's words.
 */
export const Errors = {
  Unauthorized: createError('UNAUTHORIZED', 'Authentication required', 401),
  BadCredentials: createError('BAD_CREDENTIALS', 'Invalid email or password', 400),
  Forbidden: createError('FORBIDDEN', 'You do not have permission to perform this action', 403),
  NotFound: createError<[string, string | number]>('NOT_FOUND', '%s %s not found', 404),
  BadRequest: createError<[string]>('BAD_REQUEST', '%s', 400),
  EmailTaken: createError<[string]>('EMAIL_TAKEN', 'An operator with the email %s already exists', 409),
  LastAdmin: createError('LAST_ADMIN', 'The team must keep at least one active admin: make another operator admin first', 409),
  LinkInvalid: createError('LINK_INVALID', 'This link is invalid, expired or already used. Ask an admin for a new one.', 400),
  WrongCurrentPassword: createError('WRONG_CURRENT_PASSWORD', 'The current password is not right', 400),
  NotRetryable: createError<[number, string]>('NOT_RETRYABLE', 'Delivery %s is %s: only a FAILED delivery can be retried', 409),
  // A vendor's webhook (WhatsApp status notifications) proves itself by its signature, not a token.
  BadSignature: createError('BAD_SIGNATURE', 'The request is not signed by the vendor: X-Hub-Signature-256 is missing or wrong', 401),
  SigningNotConfigured: createError(
    'SIGNING_NOT_CONFIGURED',
    'Webhook signing is not configured on this server: it needs WEBHOOK_SECRETS_KEY (see docs/configuration.md)',
    409,
  ),
  ChannelKeyMissing: createError(
    'CHANNEL_KEY_MISSING',
    'Channel credentials cannot be saved or used here: the server has no CHANNEL_SECRETS_KEY to seal them with (docs/channels.md)',
    409,
  ),
  ChannelNotConfigured: createError<[string]>('CHANNEL_NOT_CONFIGURED', '%s has no credentials saved for this provider', 409),
  RedriveWaiting: createError<[number]>('REDRIVE_WAITING', 'Dead letter %s is already waiting to be driven again', 409),
  // Sign-in through the company's identity provider (docs/sso.md).
  PasswordSignInOff: createError<[string]>('PASSWORD_SIGN_IN_OFF', 'Password sign-in is turned off for this console: sign in with %s.', 403),
  SsoNotConfigured: createError('SSO_NOT_CONFIGURED', 'Sign-in through an identity provider is not configured for this console', 404),
  SsoTicketInvalid: createError('SSO_TICKET_INVALID', 'This sign-in has expired or was already used: sign in again.', 400),
  SsoGroupTaken: createError<[string]>('SSO_GROUP_TAKEN', 'The group %s already has access: change its row instead', 409),
  // Compliance (docs/compliance.md).
  HashKeyMissing: createError(
    'HASH_KEY_MISSING',
    'The suppression list cannot be used here: the server has no COMPLIANCE_HASH_KEY (or CHANNEL_SECRETS_KEY) to hash its values with (docs/compliance.md)',
    409,
  ),
};

/** What the operator reads while the database is away; a save may be repeated safely. */
const DATABASE_DOWN_MESSAGE = 'The back-office database cannot be reached right now; try again in a moment.';
/** Seconds a client should wait before repeating (the console's own back-off starts at about 1 s). */
const DATABASE_RETRY_AFTER_S = 2;

/**
 * One error handler for the whole service: validation failures become 400 with a readable message;
 * known errors keep their status and message; a database outage is a 503 (the console retries it
 * with the same Idempotency-Key); anything else is a 500 whose inside stays in the log.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const message = validationMessage(error);
      return reply.status(400).send({ statusCode: 400, code: 'VALIDATION', error: 'Bad Request', message });
    }
    if (isDatabaseOutage(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', error: 'Service Unavailable', message: DATABASE_DOWN_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ statusCode: 500, code: 'INTERNAL', error: 'Internal Server Error', message: 'Something went wrong on our side; the error has been logged.' });
    }
    // Client errors from Fastify itself (bad JSON, body too large, wrong content type) keep their text.
    return reply.status(status).send({ statusCode: status, code: error.code ?? 'ERROR', error: httpReason(status), message: error.message });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: `No such call: ${request.method} ${request.url.split('?')[0]}` });
  });
}

/**
 * 'limit must be <= 1000', 'email must NOT have fewer than 3 characters', 'body must have required
 * property 'email'', 'first_minute must be integer or null', 'q must not contain the NUL character (U+0000)'.
 */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const subject = field || (error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request'));
  const message = first.keyword === 'type' && first.message ? first.message.replace(/,/g, ' or ') : first.message;
  return `${subject} ${message ?? 'is invalid'}`;
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an address or headers over the
 * limit, broken HTTP, too slow to arrive) get the same JSON error shape, with a message that says
 * what was wrong instead of Fastify's bare 'Client Error'. Pass as Fastify's `clientErrorHandler`.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The request address or headers are too long.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
        : [400, 'BAD_HTTP', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ statusCode: status, code, error: httpReason(status), message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${httpReason(status)}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const httpReason = (status: number): string => STATUS_CODES[status] ?? 'Error';
