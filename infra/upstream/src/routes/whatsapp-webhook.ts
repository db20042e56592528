import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { routes } from '@odds/protocol';
import { recordNotices } from '../notices/outbox';
import { foldStatuses, sameSecret, statusesOf, validHubSignature } from '../engine/channels/whatsapp-status';
import { fallbackChannelSettings } from '../engine/channels/settings';
import { whatsappWebhookSecrets } from '../engine/channels/whatsapp-secrets';
import { Errors } from '../errors';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../http/json-body';
import { implement } from '../http/implement';
import type { RouteDeps } from './deps';

/**
 * WhatsApp's status webhook (docs/channels.md "Status webhooks"). Both routes are public
 * by nature: Meta calls them and holds no token of ours. The GET is Meta's subscription check,
 * answered only to the verify token the admin gave Meta; the POST is read only once the
 * X-Hub-Signature-256 of its raw bytes proves it came from the provider's Meta app.
 */
export async function whatsappWebhookRoutes(app: FastifyInstance, { db, whatsappWebhook = null, channels }: RouteDeps) {
  // This plugin's own JSON parser: the signature is over the bytes as sent, so they are kept as
  // they are and parsed only after the check (the services' parser stays everywhere else).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // The key the provider's saved credentials open with (an app built without channel settings: the process's throwaway one).
  const { secretsKey } = channels ?? fallbackChannelSettings();
  const secretsOf = async (providerId: number) => {
    const secrets = await whatsappWebhookSecrets(db, secretsKey, whatsappWebhook, providerId);
    if (!secrets) throw new Errors.NotFound('WhatsApp webhook of provider', providerId);
    return secrets;
  };

  implement(app, routes.whatsappWebhookVerify, async ({ params, query, reply }) => {
    const { verifyToken } = await secretsOf(params.p);
    const token = query['hub.verify_token'];
    if (query['hub.mode'] !== 'subscribe' || !token || !sameSecret(token, verifyToken)) {
      throw new Errors.Forbidden();
    }
    reply.type('text/plain; charset=utf-8');
    return query['hub.challenge'] ?? '';
  });

  implement(app, routes.whatsappWebhook, async ({ params, request }) => {
    const { appSecret } = await secretsOf(params.p);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['x-hub-signature-256'];
    if (!validHubSignature(raw, Array.isArray(signature) ? signature[0] : signature, appSecret)) {
      throw new Errors.BadSignature();
    }
    const text = raw.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new Errors.BadRequest('The notification is nested too deeply.');
    let body: unknown;
    try {
      body = secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' });
    } catch {
      throw new Errors.BadRequest('The notification is not valid JSON.');
    }
    const statuses = statusesOf(body);
    if (!statuses) throw new Errors.BadRequest('The notification is not a WhatsApp Business Account notification.');
    const { changed, notices, outbox } = await db.transaction(async (tx) => {
      const folded = await foldStatuses(tx, params.p, statuses);
      return { ...folded, outbox: await recordNotices(tx, folded.notices) };
    });
    if (notices.length) await app.notices.committed(outbox);
    return { statuses: statuses.length, changed };
  });
}
