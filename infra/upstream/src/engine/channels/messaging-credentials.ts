import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { ChannelAdapter, ChannelPace } from './adapter';
import type { TelegramCredentials } from './telegram';
import { WhatsappCredentials } from './whatsapp';
import type { XCredentials } from './x';

/**
 * The Settings form of the messaging vendors (docs/channels.md "Credentials"): the credentials
 * store keeps a flat record of strings (settings shown back, secrets write-only), while each
 * adapter takes its own nested `{settings, secrets}` form. The flat schemas are what an admin
 * fills in; the mappings turn a stored record into the adapter's form at send time, so the
 * adapters stay as they are.
 */

type Flat = Record<string, string | undefined>;

/** A registry adapter over the stored flat record: the record mapped, then the vendor's adapter called. */
export function overFlat<C>(adapter: ChannelAdapter<C>, nested: (flat: Flat) => C): ChannelAdapter<Flat> {
  return { vendor: adapter.vendor, send: (message, flat, context) => adapter.send(message, nested(flat), context) };
}

/** The shared pace's rate (messages per second per bot, number or account) from a vendor's documented pace. */
export const rateOf = (pace: ChannelPace) => (pace.perSender.messages * 1000) / pace.perSender.perMs;

const secret = (title: string, description: string, pattern = '^\\S+$') => Type.String({ minLength: 1, pattern, title, description, secret: true });
const optional = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(schema);

export const TelegramForm = Type.Object({
  bot_token: secret('Bot token', 'The bot’s token from @BotFather (123456:ABC-…).', '^\\d+:[A-Za-z0-9_-]+$'),
  link_preview: optional(
    Type.Union([Type.Literal('on'), Type.Literal('off')], {
      title: 'Link preview',
      description: 'on: Telegram shows a preview of the link (its servers fetch it, which a tracked link counts as an open). Default off.',
    }),
  ),
});

export const telegramOf = (flat: Flat): TelegramCredentials => ({
  settings: { linkPreview: flat.link_preview === 'on' },
  secrets: { botToken: flat.bot_token ?? '' },
});

export const WhatsappForm = Type.Object({
  phone_number_id: Type.String({
    pattern: '^\\d{1,30}$',
    title: 'Phone number id',
    description: 'The business number’s id in WhatsApp Manager (not the number itself).',
  }),
  graph_version: optional(Type.String({ pattern: '^v\\d{1,3}\\.\\d{1,3}$', title: 'Graph API version', description: 'v21.0 when empty.' })),
  templates: optional(
    Type.String({
      multiline: true,
      title: 'Templates',
      description:
        'JSON: the approved template per contact language, e.g. {"en": {"name": "odds_offer", "language": "en", "parameters": ["body"]}}. A language without one is sent as free text.',
    }),
  ),
  access_token: secret('Access token', 'A system user’s access token with whatsapp_business_messaging.'),
  app_secret: optional(secret('App secret', 'The Meta app’s secret: the key of the status webhooks’ X-Hub-Signature-256.')),
  verify_token: optional(secret('Verify token', 'The token given to Meta when subscribing the status webhook (hub.verify_token).')),
});

const Templates = WhatsappCredentials.properties.settings.properties.templates;

function templatesOf(text: string | undefined): WhatsappCredentials['settings']['templates'] {
  if (!text?.trim()) return undefined;
  return JSON.parse(text) as WhatsappCredentials['settings']['templates'];
}

/** Templates that are not JSON of the template per language: a message for the admin, else null. */
export function checkWhatsapp(flat: Flat): string | null {
  let templates: unknown;
  try {
    templates = templatesOf(flat.templates);
  } catch {
    return 'Templates: not valid JSON';
  }
  if (templates === undefined) return null;
  // The schema's key pattern is not enforced on a record's keys: the languages are checked here.
  const language = Object.keys(templates as object).find((key) => !/^[a-z]{2,3}$/.test(key));
  if (typeof templates === 'object' && templates !== null && language !== undefined) return `Templates: '${language}' is not a language code (en, da, …)`;
  const error = Value.Errors(Templates, templates)[0];
  return error ? `Templates${error.instancePath || ''}: ${error.message}` : null;
}

export const whatsappOf = (flat: Flat): WhatsappCredentials => ({
  settings: {
    phoneNumberId: flat.phone_number_id ?? '',
    ...(flat.graph_version && { graphVersion: flat.graph_version }),
    ...(flat.templates?.trim() && { templates: templatesOf(flat.templates) }),
  },
  secrets: {
    accessToken: flat.access_token ?? '',
    ...(flat.app_secret && { appSecret: flat.app_secret }),
    ...(flat.verify_token && { verifyToken: flat.verify_token }),
  },
});

export const XForm = Type.Object({
  handle: optional(
    Type.String({ pattern: '^@?\\w{1,15}$', title: 'Account', description: 'The account posted as (@brand), for people reading the settings.' }),
  ),
  client_id: optional(Type.String({ minLength: 1, title: 'OAuth 2.0 client id', description: 'The X app’s client id: needed to renew OAuth 2.0 tokens.' })),
  access_token: secret('Access token', 'The account’s OAuth 2.0 access token (or its OAuth 1.0a access token).'),
  refresh_token: optional(secret('Refresh token', 'OAuth 2.0: the refresh token (X rotates it on every renewal).')),
  client_secret: optional(secret('Client secret', 'OAuth 2.0, a confidential client only: the app’s client secret.')),
  consumer_key: optional(secret('Consumer key', 'OAuth 1.0a only: the app’s API key.')),
  consumer_secret: optional(secret('Consumer secret', 'OAuth 1.0a only: the app’s API key secret.')),
  access_token_secret: optional(secret('Access token secret', 'OAuth 1.0a only: the account’s access token secret.')),
});

const OAUTH1 = ['consumer_key', 'consumer_secret', 'access_token_secret'] as const;

/** One way of signing in, whole: OAuth 2.0 (access and refresh token) or OAuth 1.0a (all four); a message otherwise. */
export function checkX(flat: Flat): string | null {
  const oauth1 = OAUTH1.filter((name) => flat[name]);
  if (oauth1.length > 0 && oauth1.length < OAUTH1.length) return 'OAuth 1.0a needs the consumer key, consumer secret and access token secret together';
  if (oauth1.length === 0 && !flat.refresh_token) return 'give the OAuth 2.0 refresh token (or the three OAuth 1.0a keys)';
  if (oauth1.length === 0 && !flat.client_id) return 'OAuth 2.0 needs the client id (tokens are renewed every 2 hours)';
  return null;
}

export function xOf(flat: Flat): XCredentials {
  const settings = { ...(flat.client_id && { clientId: flat.client_id }), ...(flat.handle && { handle: flat.handle }) };
  const accessToken = flat.access_token ?? '';
  if (flat.consumer_key)
    return {
      settings,
      secrets: {
        oauth1: { consumerKey: flat.consumer_key, consumerSecret: flat.consumer_secret ?? '', accessToken, accessTokenSecret: flat.access_token_secret ?? '' },
      },
    };
  return {
    settings,
    secrets: { oauth2: { accessToken, refreshToken: flat.refresh_token ?? '', ...(flat.client_secret && { clientSecret: flat.client_secret }) } },
  };
}
