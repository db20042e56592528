import { importPKCS8, SignJWT } from 'jose';
import { Type, type Static } from 'typebox';
import type { ChannelAdapter, ChannelMessage, ChannelOutcome, AdapterContext } from './adapter';
import { jsonOf, unanswered, waitOf } from './http-answer';

/**
 * Firebase Cloud Messaging, HTTP v1 (Android and web push; iOS too for an app that sends through
 * FCM): `POST {FCM_API_URL}/v1/projects/{project}/messages:send` with an OAuth2 access token of
 * the provider's service account, got by the JWT bearer grant from FCM_TOKEN_URL and kept until a
 * minute before it expires. A device token is the message's `token`, a segment or list its
 * `topic`. Errors (docs/channels.md): UNREGISTERED → gone, INVALID_ARGUMENT → failed (gone when it
 * is the registration token that is invalid), SENDER_ID_MISMATCH → failed, QUOTA_EXCEEDED / 429 →
 * back off at least 60 s, UNAVAILABLE / INTERNAL → retry at Retry-After, THIRD_PARTY_AUTH_ERROR
 * and refused credentials → misconfigured.
 */

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** FCM asks senders over quota to wait at least a minute (its docs: "at least 60 seconds"). */
const FCM_QUOTA_BACKOFF_MS = 60_000;

export const FcmCredentials = Type.Object({
  project_id: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '^[a-z0-9-]+$',
    title: 'Project id',
    description: 'The Firebase project id (e.g. my-app-1234).',
  }),
  service_account: Type.String({
    minLength: 2,
    title: 'Service account key (JSON)',
    description: 'The JSON key file of a service account with the Firebase Cloud Messaging API Admin role.',
    secret: true,
    multiline: true,
  }),
});
export type FcmCredentials = Static<typeof FcmCredentials>;

interface ServiceAccount {
  client_email: string;
  private_key: string;
  private_key_id?: string;
}

/** The service account's fields FCM needs; a message naming what is missing otherwise. */
function serviceAccountOf(text: string): ServiceAccount | string {
  const parsed = jsonOf(text) as Partial<ServiceAccount> | null;
  if (!parsed || typeof parsed !== 'object') return 'the service account key is not JSON';
  if (typeof parsed.client_email !== 'string' || !parsed.client_email) return 'the service account key has no client_email';
  if (typeof parsed.private_key !== 'string' || !parsed.private_key.includes('PRIVATE KEY')) return 'the service account key has no private_key';
  return {
    client_email: parsed.client_email,
    private_key: parsed.private_key,
    ...(typeof parsed.private_key_id === 'string' && { private_key_id: parsed.private_key_id }),
  };
}

/** A message naming what is wrong with FCM credentials, or null. */
export function checkFcm(credentials: FcmCredentials): string | null {
  const account = serviceAccountOf(credentials.service_account);
  return typeof account === 'string' ? account : null;
}

/** FCM topic names are `[a-zA-Z0-9-_.~%]+`: a segment or list id is percent-encoded into one (distinct ids stay distinct). */
export const fcmTopic = (id: string) => encodeURIComponent(id).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

interface Token {
  value: string;
  expiresAtMs: number;
}

/** Access tokens per service account and token URL; a renewal under way is shared by the calls waiting for it. */
const tokens = new Map<string, Promise<Token>>();

/** Thrown when the token endpoint refuses the service account (bad key, disabled account). */
class TokenRefused extends Error {}

async function fetchToken(account: ServiceAccount, tokenUrl: string, context: AdapterContext): Promise<Token> {
  const nowS = Math.floor(context.now() / 1000);
  const key = await importPKCS8(account.private_key, 'RS256').catch(() => {
    throw new TokenRefused('FCM: the service account private_key is not a PKCS#8 RSA key');
  });
  const assertion = await new SignJWT({ scope: FCM_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(account.private_key_id && { kid: account.private_key_id }) })
    .setIssuer(account.client_email)
    .setAudience(tokenUrl)
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + 3600)
    .sign(key);
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    signal: context.signal,
  });
  const body = jsonOf(await response.text()) as { access_token?: string; expires_in?: number; error?: string } | null;
  if (response.status >= 400 && response.status < 500) throw new TokenRefused(`FCM token: ${body?.error ?? `HTTP ${response.status}`}`);
  if (!response.ok || !body?.access_token) throw new Error(`FCM token: HTTP ${response.status}`);
  return { value: body.access_token, expiresAtMs: context.now() + (Number(body.expires_in) || 3600) * 1000 };
}

/** A cached token, renewed a minute before it expires (or at once when `renew`: the send endpoint refused it). */
async function accessToken(account: ServiceAccount, tokenUrl: string, context: AdapterContext, renew: boolean): Promise<string> {
  const key = `${tokenUrl}|${account.client_email}|${account.private_key_id ?? ''}`;
  const cached = tokens.get(key);
  if (cached && !renew) {
    const token = await cached.catch(() => null);
    if (token && token.expiresAtMs - 60_000 > context.now()) return token.value;
  }
  const fresh = fetchToken(account, tokenUrl, context);
  tokens.set(key, fresh);
  fresh.catch(() => tokens.get(key) === fresh && tokens.delete(key));
  return (await fresh).value;
}

/** The v1 message: notification, string data, and TTL and collapse key for Android and for APNs through FCM. */
function fcmMessage(message: ChannelMessage, nowMs: number): Record<string, unknown> {
  const { log, recipient } = message;
  const ttlS = Math.max(0, Math.ceil((message.expiresAtMs - nowMs) / 1000));
  const data: Record<string, string> = {
    delivery_id: String(message.deliveryId),
    match_id: String(message.matchId),
    market_id: String(message.marketId),
    language: message.language,
  };
  if (log.cta) data.cta = log.cta;
  if (message.link) data.link = message.link;
  return {
    ...(recipient.kind === 'topic' ? { topic: fcmTopic(recipient.value) } : { token: recipient.value }),
    notification: { ...(log.subject && { title: log.subject }), body: log.body ?? log.cta ?? '' },
    data,
    android: { ttl: `${ttlS}s`, collapse_key: message.collapseKey, priority: 'high' },
    apns: {
      headers: { 'apns-expiration': String(Math.floor(message.expiresAtMs / 1000)), 'apns-collapse-id': message.collapseKey, 'apns-priority': '10' },
    },
  };
}

interface FcmError {
  error?: { code?: number; status?: string; message?: string; details?: { errorCode?: string }[] };
}

/** An FCM error answer in the outcome taxonomy. */
function fcmOutcome(status: number, body: unknown, retryAfter: string | null, nowMs: number, recipient: ChannelMessage['recipient']): ChannelOutcome {
  const error = (body as FcmError | null)?.error;
  const code = error?.details?.find((d) => typeof d.errorCode === 'string')?.errorCode ?? error?.status ?? `HTTP ${status}`;
  const text = `FCM ${code}`;
  if (code === 'UNREGISTERED') return { kind: 'gone', error: `${text}: the device token is no longer registered` };
  if (code === 'INVALID_ARGUMENT' && recipient.kind === 'device' && /registration token/i.test(error?.message ?? ''))
    return { kind: 'gone', error: `${text}: not a valid registration token` };
  if (code === 'SENDER_ID_MISMATCH') return { kind: 'failed', error: `${text}: the token belongs to another sender` };
  if (code === 'THIRD_PARTY_AUTH_ERROR') return { kind: 'misconfigured', error: `${text}: the APNs or web push credentials in Firebase were refused` };
  if (code === 'QUOTA_EXCEEDED' || code === 'RESOURCE_EXHAUSTED' || status === 429)
    return { kind: 'backoff', error: `${text}: over the sending quota`, retryAfterMs: waitOf(retryAfter, nowMs, FCM_QUOTA_BACKOFF_MS) };
  if (status === 401 || status === 403) return { kind: 'misconfigured', error: `${text}: the service account may not send for this project` };
  if (status === 404) return { kind: 'misconfigured', error: `${text}: no such Firebase project` };
  if (status >= 500 || status === 408) return { kind: 'retry', error: text, retryAfterMs: waitOf(retryAfter, nowMs, 0) || null };
  return { kind: 'failed', error: text };
}

async function post(url: string, token: string, message: ChannelMessage, context: AdapterContext) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ message: fcmMessage(message, context.now()) }),
    signal: context.signal,
  });
  return { response, body: jsonOf(await response.text()) };
}

export const fcmAdapter: ChannelAdapter<FcmCredentials> = {
  vendor: 'fcm',
  async send(message, credentials, context) {
    const account = serviceAccountOf(credentials.service_account);
    if (typeof account === 'string') return { kind: 'misconfigured', error: `FCM: ${account}` };
    const url = `${context.baseUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(credentials.project_id)}/messages:send`;
    const tokenUrl = context.tokenUrl ?? 'https://oauth2.googleapis.com/token';
    try {
      let answer = await post(url, await accessToken(account, tokenUrl, context, false), message, context);
      // Our token was refused (revoked, or expired early): one renewal, then the credentials are at fault.
      if (answer.response.status === 401 && (answer.body as FcmError | null)?.error?.status === 'UNAUTHENTICATED')
        answer = await post(url, await accessToken(account, tokenUrl, context, true), message, context);
      const { response, body } = answer;
      if (response.ok) return { kind: 'sent', vendorId: (body as { name?: string } | null)?.name ?? null };
      return fcmOutcome(response.status, body, response.headers.get('retry-after'), context.now(), message.recipient);
    } catch (error) {
      if (error instanceof TokenRefused) return { kind: 'misconfigured', error: error.message };
      return unanswered('FCM', error);
    }
  },
};
