import { Type, type Static } from 'typebox';
import type { ChannelAdapter, ChannelMessage, ChannelPace } from './adapter';
import { messageParts, shorten } from './message-text';
import { at, callVendor, isAnswer, vendorWords } from './vendor-http';
import { whatsappOutcome } from './whatsapp-errors';

/**
 * WhatsApp Cloud API adapter (docs/channels.md "WhatsApp"):
 * `POST {base}/{version}/{phone-number-id}/messages` with a bearer access token. An offer is
 * business-initiated, so it goes as an approved template (the provider names one per language);
 * a language without a template goes as free text, which Meta accepts only within 24 hours of the
 * customer's last message (131047 otherwise). Statuses arrive later by webhook (whatsapp-status.ts).
 */

/** The Graph API version used when the provider's settings name none. */
const WHATSAPP_GRAPH_VERSION = 'v21.0';

/** What a template's placeholders {{1}}, {{2}}... are filled with, in order. */
const TemplatePart = Type.Union([Type.Literal('title'), Type.Literal('body'), Type.Literal('cta'), Type.Literal('link')]);

const Template = Type.Object({
  /** The approved template's name in WhatsApp Manager. */
  name: Type.String({ minLength: 1, maxLength: 512 }),
  /** Its language code there (en, en_US, da...). */
  language: Type.String({ minLength: 2, maxLength: 15 }),
  /** Its body placeholders, in order; default one: the body. Must match the template (132000 otherwise). */
  parameters: Type.Optional(Type.Array(TemplatePart, { maxItems: 10 })),
});

/**
 * A provider's WhatsApp credentials. `secrets` are write-only (never shown back): the access token
 * (a system user's), and the app secret and verify token of the status webhooks.
 */
export const WhatsappCredentials = Type.Object({
  settings: Type.Object({
    phoneNumberId: Type.String({ pattern: '^\\d{1,30}$' }),
    graphVersion: Type.Optional(Type.String({ pattern: '^v\\d{1,3}\\.\\d{1,3}$' })),
    /** The approved template per contact language (`en`, `da`...); a language without one is sent as free text. */
    templates: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z]{2,3}$' }), Template)),
  }),
  secrets: Type.Object({
    accessToken: Type.String({ minLength: 1 }),
    /** The Meta app's secret: the key of the webhooks' X-Hub-Signature-256. */
    appSecret: Type.Optional(Type.String({ minLength: 1 })),
    /** The token Meta echoes when the webhook is subscribed (hub.verify_token). */
    verifyToken: Type.Optional(Type.String({ minLength: 1 })),
  }),
});
export type WhatsappCredentials = Static<typeof WhatsappCredentials>;

/**
 * Meta's documented pace: 80 messages/s per business number by default (130429 over it), and
 * about one message per 6 s to one recipient (131056, the pair rate limit).
 */
export const WHATSAPP_PACE: ChannelPace = {
  perSender: { messages: 80, perMs: 1_000 },
  perRecipient: { messages: 1, perMs: 6_000 },
};

/** A template parameter may hold no newline, tab or more than 4 spaces in a row; 1024 characters at most. */
const parameterText = (text: string | null) =>
  shorten(
    (text ?? '')
      .replace(/[\n\t]+/g, ' ')
      .replace(/ {4,}/g, '   ')
      .trim() || '-',
    1024,
  );
const MAX_TEXT = 4096;

function contentOf(message: ChannelMessage, settings: WhatsappCredentials['settings']): Record<string, unknown> {
  const parts = messageParts(message);
  const template = settings.templates?.[message.language];
  if (template) {
    const values = { title: parts.title, body: parts.body, cta: parts.cta, link: parts.link };
    const parameters = (template.parameters ?? ['body']).map((part) => ({ type: 'text', text: parameterText(values[part]) }));
    return {
      type: 'template',
      template: { name: template.name, language: { code: template.language }, ...(parameters.length && { components: [{ type: 'body', parameters }] }) },
    };
  }
  const action = [parts.cta, parts.link].filter(Boolean).join(' ');
  const fixed = [parts.title, action].filter(Boolean).join('\n');
  const body = parts.body ? shorten(parts.body, MAX_TEXT - fixed.length - 2) : null;
  return { type: 'text', text: { preview_url: false, body: [parts.title, body, action].filter(Boolean).join('\n') } };
}

export const whatsappAdapter: ChannelAdapter<WhatsappCredentials> = {
  vendor: 'whatsapp',
  async send(message, { settings, secrets }, context) {
    const version = settings.graphVersion ?? WHATSAPP_GRAPH_VERSION;
    const url = `${context.baseUrl.replace(/\/$/, '')}/${version}/${settings.phoneNumberId}/messages`;
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.recipient.value.replace(/^\+/, ''),
      // Echoed in the status webhooks: which delivery a status is about, read by a person tracing one.
      biz_opaque_callback_data: message.idempotencyKey,
      ...contentOf(message, settings),
    };
    const headers = { authorization: `Bearer ${secrets.accessToken}`, 'content-type': 'application/json' };
    const answer = await callVendor('WhatsApp', url, { headers, body: JSON.stringify(body) }, context);
    if (!isAnswer(answer)) return answer;
    const id = at(answer.body, 'messages', 0, 'id');
    if (answer.status >= 200 && answer.status < 300 && typeof id === 'string') return { kind: 'sent', vendorId: id };
    const code = Number(at(answer.body, 'error', 'code'));
    const words = vendorWords(at(answer.body, 'error', 'message'), [secrets.accessToken]);
    return whatsappOutcome(answer.status, Number.isInteger(code) ? code : null, words);
  },
};
