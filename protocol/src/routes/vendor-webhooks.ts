import { Type } from 'typebox';
import { IdParam } from '../common';
import { defineRoute } from './define';

/**
 * What channel vendors call on us. They are public: Meta calls them, holding no token of ours.
 * Each is authenticated by what the vendor proves instead (the verify token an admin gave Meta;
 * the X-Hub-Signature-256 of the raw body with the app secret), and reads nothing back.
 */
export const vendorWebhookRoutes = {
  whatsappWebhookVerify: defineRoute({
    // Meta's subscription check of the webhook: answered with hub.challenge, as text, when hub.verify_token is the provider's.
    method: 'GET',
    path: '/api/1/channels/whatsapp/:p/webhook',
    service: 'control',
    public: true,
    summary: "Meta's webhook verification (hub.mode=subscribe): answers hub.challenge when hub.verify_token is the provider's (403 otherwise).",
    params: Type.Object({ p: IdParam }),
    query: Type.Object({
      'hub.mode': Type.Optional(Type.String({ maxLength: 32 })),
      'hub.verify_token': Type.Optional(Type.String({ maxLength: 512 })),
      'hub.challenge': Type.Optional(Type.String({ maxLength: 512 })),
    }),
    reply: Type.String(),
  }),
  whatsappWebhook: defineRoute({
    // Meta's notifications (message statuses): the raw body is checked against X-Hub-Signature-256 before it is read.
    method: 'POST',
    path: '/api/1/channels/whatsapp/:p/webhook',
    service: 'control',
    public: true,
    summary:
      "WhatsApp status notifications (sent, delivered, read, failed), signed by Meta (X-Hub-Signature-256; 401 otherwise), folded into the provider's deliveries.",
    params: Type.Object({ p: IdParam }),
    reply: Type.Object({
      /** Statuses in the notification. */
      statuses: Type.Integer({ minimum: 0 }),
      /** Of those, the ones that changed a delivery (a repeat changes nothing). */
      changed: Type.Integer({ minimum: 0 }),
    }),
  }),
};
