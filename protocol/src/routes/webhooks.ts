import { Type } from 'typebox';
import { IdParam } from '../common';
import { WebhookSecretIssued, WebhookSecretRotation, WebhookSecretState } from '../entities/webhook';
import { defineRoute } from './define';

const ProviderParams = Type.Object({ providerId: IdParam });

/** Webhook signing secrets (admins) and the tracked links of calls to action (docs/channels.md). */
export const webhookRoutes = {
  webhookSecret: defineRoute({
    // Path chosen: the spec has no webhook signing.
    method: 'GET',
    path: '/api/1/providers/:providerId/webhook-secret',
    service: 'control',
    summary: "Whether the provider's webhooks have a signing secret, and since when (admins; never the secret).",
    params: ProviderParams,
    reply: WebhookSecretState,
  }),
  webhookSecretRotate: defineRoute({
    method: 'POST',
    path: '/api/1/providers/:providerId/webhook-secret',
    service: 'control',
    summary:
      "A new signing secret for the provider's webhooks, shown this once; the old one stops signing, at once or after the overlap (admins; versioned, audited).",
    params: ProviderParams,
    body: WebhookSecretRotation,
    reply: WebhookSecretIssued,
  }),
  trackedLink: defineRoute({
    // Public by nature: whoever received an offer opens its call to action without an account.
    // The id is 128 random bits naming one delivery's stored target (no target is read from the
    // address), so it opens nothing but that redirect. The relay serves it as /t/:linkId.
    method: 'GET',
    path: '/api/1/t/:linkId',
    service: 'control',
    summary: "A delivery's tracked link: counts the open (per platform) and redirects (302) to the call to action stored for it; 404 for an unknown id.",
    public: true,
    params: Type.Object({ linkId: Type.String({ maxLength: 64 }) }),
    reply: Type.String(),
  }),
};
