import { Type, type Static } from 'typebox';
import type { AdapterContext, ChannelAdapter, ChannelMessage, ChannelOutcome, ChannelPace } from './adapter';
import { imageOf, messageParts, shorten } from './message-text';
import { at, callVendor, isAnswer, vendorWords, type VendorAnswer } from './vendor-http';

/**
 * Telegram Bot API adapter (docs/channels.md "Telegram"): `POST {base}/bot{token}/sendMessage`,
 * or `sendPhoto` when the content has an image, to the contact's chat id, in HTML parse mode.
 * Telegram's answer is `{ok, result}` or `{ok: false, error_code, description, parameters}`; the
 * description's wording is Telegram's, the decision is made on the code and `parameters`.
 */

/** A provider's Telegram credentials. `secrets` are write-only (never shown back): the bot token. */
export const TelegramCredentials = Type.Object({
  settings: Type.Object({
    /**
     * Let Telegram show a preview of the link. Off by default: Telegram's servers fetch a previewed
     * link themselves, which a tracked link would count as an open nobody made.
     */
    linkPreview: Type.Optional(Type.Boolean()),
  }),
  secrets: Type.Object({
    /** The bot's token from @BotFather (`123456:ABC-...`). */
    botToken: Type.String({ minLength: 1 }),
  }),
});
export type TelegramCredentials = Static<typeof TelegramCredentials>;

/**
 * Telegram's documented pace: about 30 messages/s in bulk per bot, 1/s per chat, 20/minute per
 * group (a negative chat id is a group or channel). Over it Telegram answers 429 with the wait.
 */
export const TELEGRAM_PACE: ChannelPace = {
  perSender: { messages: 30, perMs: 1_000 },
  perRecipient: { messages: 1, perMs: 1_000 },
  perGroup: { messages: 20, perMs: 60_000 },
};

/** Visible characters Telegram takes: a message's text, and a photo's caption. */
const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;
/** A 429 without `retry_after` (Telegram always gives one; a proxy may not). */
const DEFAULT_RETRY_AFTER_MS = 5_000;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The message as Telegram HTML: the title in bold, the body, and the call to action as a link (the
 * link itself when there is no call to action text). The body is shortened to fit `max` visible
 * characters; markup does not count against Telegram's limit.
 */
export function telegramText(message: ChannelMessage, max = MAX_TEXT): string {
  const { title, body, cta, link } = messageParts(message);
  const action = link ? (cta ?? link) : cta;
  const fixed = [title, action].filter(Boolean).join('\n');
  const room = max - [...fixed].length - (fixed ? 1 : 0);
  const shortBody = body ? shorten(body, Math.max(0, room)) : null;
  const lines: string[] = [];
  if (title) lines.push(`<b>${escapeHtml(shorten(title, max))}</b>`);
  if (shortBody) lines.push(escapeHtml(shortBody));
  if (action) lines.push(link ? `<a href="${escapeHtml(link)}">${escapeHtml(action)}</a>` : escapeHtml(action));
  return lines.join('\n');
}

function requestOf(message: ChannelMessage, chatId: string, credentials: TelegramCredentials): { method: string; body: Record<string, unknown> } {
  const image = imageOf(message);
  const common = { chat_id: chatId, parse_mode: 'HTML' };
  if (image) return { method: 'sendPhoto', body: { ...common, photo: image, caption: telegramText(message, MAX_CAPTION) } };
  const preview = credentials.settings.linkPreview === true && message.link ? { url: message.link } : { is_disabled: true };
  return { method: 'sendMessage', body: { ...common, text: telegramText(message), link_preview_options: preview } };
}

/** The outcome of one answer of Telegram; null for a supergroup migration (the caller resends). */
function outcomeOf(answer: VendorAnswer, token: string): ChannelOutcome | null {
  const { status, body } = answer;
  if (status === 200 && at(body, 'ok') === true) {
    const id = at(body, 'result', 'message_id');
    return { kind: 'sent', vendorId: id === undefined ? null : String(id) };
  }
  const code = Number(at(body, 'error_code') ?? status);
  const words = vendorWords(at(body, 'description'), [token]);
  const said = `Telegram ${code}${words ? `: ${words}` : ''}`;
  if (code === 429) {
    const seconds = Number(at(body, 'parameters', 'retry_after'));
    const retryAfterMs = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : DEFAULT_RETRY_AFTER_MS;
    return { kind: 'backoff', error: `Telegram 429 too many requests: retry after ${retryAfterMs / 1000} s`, retryAfterMs };
  }
  if (code === 400 && at(body, 'parameters', 'migrate_to_chat_id') !== undefined) return null;
  // 401: a revoked or wrong token; 404 is what the Bot API answers for a token of the wrong shape.
  if (code === 401 || code === 404) return { kind: 'misconfigured', error: `Telegram ${code}: the bot token is wrong or revoked` };
  // 403: blocked by the user, kicked from the group, not a member of the channel, user deactivated: that chat is closed to this bot.
  if (code === 403) return { kind: 'gone', error: said };
  if (code === 400 && /chat not found|peer_id_invalid|user not found/i.test(words)) return { kind: 'gone', error: said };
  if (code >= 500) return { kind: 'retry', error: said };
  return { kind: 'failed', error: said };
}

async function sendTo(chatId: string, message: ChannelMessage, credentials: TelegramCredentials, context: AdapterContext) {
  const { method, body } = requestOf(message, chatId, credentials);
  const token = credentials.secrets.botToken;
  const answer = await callVendor(
    'Telegram',
    `${context.baseUrl.replace(/\/$/, '')}/bot${token}/${method}`,
    { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    context,
  );
  if (!isAnswer(answer)) return { outcome: answer, migrateTo: null };
  const outcome = outcomeOf(answer, token);
  const migrateTo = at(answer.body, 'parameters', 'migrate_to_chat_id');
  return { outcome, migrateTo: outcome ? null : String(migrateTo) };
}

export const telegramAdapter: ChannelAdapter<TelegramCredentials> = {
  vendor: 'telegram',
  async send(message, credentials, context) {
    const first = await sendTo(message.recipient.value, message, credentials, context);
    if (first.outcome) return first.outcome;
    // A group upgraded to a supergroup has a new chat id: sent there once, and the contact told.
    const newChat = first.migrateTo!;
    const again = await sendTo(newChat, message, credentials, context);
    if (!again.outcome) return { kind: 'failed', error: 'Telegram 400: the chat moved twice in one send' };
    return again.outcome.kind === 'sent' ? { ...again.outcome, newRecipient: { kind: 'chat', value: newChat } } : again.outcome;
  },
};
