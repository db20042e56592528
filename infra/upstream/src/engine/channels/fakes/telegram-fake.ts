import { startFakeServer, type FakeAnswer, type FakeRequest, type FakeServer } from './fake-server';

/**
 * A simulation of the Telegram Bot API's sendMessage and sendPhoto for tests and staging (never a
 * production path), answering as the Bot API documents: `{ok: true, result: Message}`, or
 * `{ok: false, error_code, description, parameters?}` with Telegram's own descriptions.
 */

export interface TelegramFakeBehaviour {
  /** The one bot token it knows; any other gets 401 Unauthorized. */
  token: string;
  /** Chats whose user blocked the bot (403), that kicked it (403), or that do not exist (400). */
  blocked: Set<string>;
  kicked: Set<string>;
  missing: Set<string>;
  /** Groups upgraded to a supergroup: old chat id → new one (400 with `migrate_to_chat_id`). */
  migrated: Map<string, string>;
  /** The next calls answered 429 with this `retry_after` (seconds), one entry per call. */
  rateLimited: number[];
  /** The next calls answered 500 / 502 (one entry per call). */
  serverErrors: number[];
  /** Delay of every answer, in milliseconds. */
  latencyMs: number;
}

export interface TelegramFake extends FakeServer {
  behaviour: TelegramFakeBehaviour;
  /** The messages it accepted, as sent (method, chat id, text or caption). */
  sent: { method: string; chatId: string; text: string }[];
}

const refusal = (status: number, description: string, parameters?: Record<string, unknown>): FakeAnswer => ({
  status,
  json: { ok: false, error_code: status, description, ...(parameters && { parameters }) },
});

function answer(fake: TelegramFake, request: FakeRequest, nextId: () => number): FakeAnswer {
  const b = fake.behaviour;
  const match = /^\/bot([^/]+)\/(sendMessage|sendPhoto)$/.exec(request.url);
  if (!match) return refusal(404, 'Not Found');
  if (match[1] !== b.token) return refusal(401, 'Unauthorized');
  const rate = b.rateLimited.shift();
  if (rate !== undefined) return refusal(429, `Too Many Requests: retry after ${rate}`, { retry_after: rate });
  const serverError = b.serverErrors.shift();
  if (serverError !== undefined) return refusal(serverError, 'Internal Server Error');
  const body = request.json ?? {};
  const chatId = String(body.chat_id ?? '');
  const text = String(match[2] === 'sendPhoto' ? (body.caption ?? '') : (body.text ?? ''));
  if (!chatId) return refusal(400, 'Bad Request: chat_id is empty');
  if (match[2] === 'sendMessage' && !text) return refusal(400, 'Bad Request: message text is empty');
  if (match[2] === 'sendPhoto' && !body.photo) return refusal(400, 'Bad Request: there is no photo in the request');
  if (b.blocked.has(chatId)) return refusal(403, 'Forbidden: bot was blocked by the user');
  if (b.kicked.has(chatId)) return refusal(403, 'Forbidden: bot was kicked from the group chat');
  if (b.missing.has(chatId)) return refusal(400, 'Bad Request: chat not found');
  const moved = b.migrated.get(chatId);
  if (moved) return refusal(400, 'Bad Request: group chat was upgraded to a supergroup chat', { migrate_to_chat_id: Number(moved) });
  fake.sent.push({ method: match[2]!, chatId, text });
  const id = nextId();
  return { status: 200, json: { ok: true, result: { message_id: id, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId) }, text } } };
}

export async function startTelegramFake(options: { port?: number; behaviour?: Partial<TelegramFakeBehaviour> } = {}): Promise<TelegramFake> {
  const behaviour: TelegramFakeBehaviour = {
    token: '123456:TEST-token',
    blocked: new Set(),
    kicked: new Set(),
    missing: new Set(),
    migrated: new Map(),
    rateLimited: [],
    serverErrors: [],
    latencyMs: 0,
    ...options.behaviour,
  };
  let id = 0;
  const fake = { behaviour, sent: [] } as unknown as TelegramFake;
  const server = await startFakeServer(
    options.port ?? 0,
    () => behaviour.latencyMs,
    (request) => answer(fake, request, () => ++id),
  );
  return Object.assign(fake, server);
}
