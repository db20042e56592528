import { createHmac, randomBytes } from 'node:crypto';
import { startFakeServer, type FakeAnswer, type FakeRequest, type FakeServer } from './fake-server';

/**
 * A simulation of the WhatsApp Cloud API's `/{version}/{phone-number-id}/messages` and of its
 * signed status webhooks, for tests and staging (never a production path). Errors come back as
 * Graph API errors `{error: {message, type, code, error_data, fbtrace_id}}`, as Meta documents.
 */

export type WhatsappStatus = 'sent' | 'delivered' | 'read' | 'failed';

export interface WhatsappFakeBehaviour {
  accessToken: string;
  phoneNumberId: string;
  /** Approved templates as `name:language`; another is 132001. */
  templates: Set<string>;
  /** Recipients who wrote within 24 h: free text to anyone else is 131047. */
  windowOpen: Set<string>;
  /** Numbers that are not on WhatsApp (131026). */
  notOnWhatsapp: Set<string>;
  /** The next calls answered with these error codes, one per call (130429, 131056, 131049, 131000...). */
  errors: number[];
  /** Where accepted messages' statuses are posted (sent, then delivered), signed with the app secret; none: not posted. */
  webhook: { url: string; appSecret: string } | null;
  latencyMs: number;
}

export interface WhatsappFake extends FakeServer {
  behaviour: WhatsappFakeBehaviour;
  /** Accepted messages: the wamid and the request body. */
  accepted: { id: string; to: string; body: Record<string, unknown> }[];
}

/** Meta's titles and HTTP statuses of the codes the fake answers (titles are for people; code decides). */
const ERRORS: Record<number, [status: number, message: string, type?: string]> = {
  190: [401, 'Invalid OAuth access token - Cannot parse access token', 'OAuthException'],
  130429: [400, 'Rate limit hit'],
  131000: [500, 'Something went wrong'],
  131026: [400, 'Message undeliverable'],
  131047: [400, 'Re-engagement message'],
  131049: [400, 'This message was not delivered to maintain healthy ecosystem engagement.'],
  131056: [400, '(Business Account, Consumer Account) pair rate limit hit'],
  132001: [404, 'Template name does not exist in the translation'],
};

function graphError(code: number): FakeAnswer {
  const [status, message, type = 'OAuthException'] = ERRORS[code] ?? [400, 'Invalid parameter'];
  return {
    status,
    json: {
      error: {
        message: `(#${code}) ${message}`,
        type,
        code,
        error_data: { messaging_product: 'whatsapp', details: message },
        fbtrace_id: randomBytes(8).toString('hex'),
      },
    },
  };
}

/** A status notification as Meta posts it to the app's webhook. */
export function statusNotification(
  phoneNumberId: string,
  statuses: { id: string; status: WhatsappStatus; recipient: string; error?: { code: number; title: string } }[],
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              statuses: statuses.map((s) => ({
                id: s.id,
                status: s.status,
                timestamp: String(Math.floor(Date.now() / 1000)),
                recipient_id: s.recipient,
                ...(s.error && { errors: [{ code: s.error.code, title: s.error.title, message: s.error.title, error_data: { details: s.error.title } }] }),
              })),
            },
          },
        ],
      },
    ],
  };
}

/** `sha256=<hex HMAC-SHA256 of the raw body with the app secret>`: Meta's X-Hub-Signature-256. */
export const hubSignature = (rawBody: string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

/** Posts a signed notification to a webhook as Meta does; the receiver's HTTP status. */
async function postSignedNotification(url: string, appSecret: string, notification: unknown): Promise<number> {
  const raw = JSON.stringify(notification);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(raw, appSecret) },
    body: raw,
  });
  await response.arrayBuffer();
  return response.status;
}

function answer(fake: WhatsappFake, request: FakeRequest): FakeAnswer {
  const b = fake.behaviour;
  const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(request.url);
  if (request.method !== 'POST' || !match) return { status: 404, json: { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 } } };
  if (request.headers.authorization !== `Bearer ${b.accessToken}`) return graphError(190);
  if (match[1] !== b.phoneNumberId)
    return {
      status: 400,
      json: { error: { message: 'Unsupported post request. Object does not exist', type: 'GraphMethodException', code: 100, error_subcode: 33 } },
    };
  const code = b.errors.shift();
  if (code !== undefined) return graphError(code);
  const body = request.json ?? {};
  const to = String(body.to ?? '');
  if (body.messaging_product !== 'whatsapp' || !/^\d{6,15}$/.test(to)) return graphError(100);
  if (b.notOnWhatsapp.has(to)) return graphError(131026);
  if (body.type === 'template') {
    const template = body.template as { name?: string; language?: { code?: string } } | undefined;
    if (!b.templates.has(`${template?.name}:${template?.language?.code}`)) return graphError(132001);
  } else if (body.type === 'text') {
    if (!b.windowOpen.has(to)) return graphError(131047);
  } else return graphError(100);
  const id = `wamid.${randomBytes(12).toString('base64url')}`;
  fake.accepted.push({ id, to, body });
  const webhook = b.webhook;
  if (webhook) {
    void (async () => {
      for (const status of ['sent', 'delivered'] as const) {
        await postSignedNotification(webhook.url, webhook.appSecret, statusNotification(b.phoneNumberId, [{ id, status, recipient: to }])).catch(() => 0);
      }
    })();
  }
  return { status: 200, json: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id, message_status: 'accepted' }] } };
}

export async function startWhatsappFake(options: { port?: number; behaviour?: Partial<WhatsappFakeBehaviour> } = {}): Promise<WhatsappFake> {
  const behaviour: WhatsappFakeBehaviour = {
    accessToken: 'EAAG-test-token',
    phoneNumberId: '106540352242922',
    templates: new Set(['odds_offer:en']),
    windowOpen: new Set(),
    notOnWhatsapp: new Set(),
    errors: [],
    webhook: null,
    latencyMs: 0,
    ...options.behaviour,
  };
  const fake = { behaviour, accepted: [] } as unknown as WhatsappFake;
  const server = await startFakeServer(
    options.port ?? 0,
    () => behaviour.latencyMs,
    (request) => answer(fake, request),
  );
  return Object.assign(fake, server);
}
