import { createHash } from 'node:crypto';
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { rootCertificates } from 'node:tls';
import { importPKCS8, SignJWT } from 'jose';
import { Type, type Static } from 'typebox';
import type { AdapterContext, ChannelAdapter, ChannelMessage, ChannelOutcome } from './adapter';
import { jsonOf, unanswered } from './http-answer';

/**
 * Apple Push Notification service over HTTP/2: `POST {APNS_API_URL}/3/device/{token}` with a
 * provider token (an ES256 JWT of the team id and key id, signed with the .p8 key), kept 40
 * minutes (Apple: renew after 20 and before 60, never more often than every 20), the app's bundle
 * id as `apns-topic`, `apns-expiration` so a stale live offer is never shown late, and
 * `apns-collapse-id` per match and market so a newer offer replaces an older one on the lock
 * screen. Errors (docs/channels.md): 410 Unregistered → gone; 400 BadDeviceToken → failed (it is
 * also what a sandbox token gets from the production host: a configuration slip must not
 * deactivate every iOS contact); 403 ExpiredProviderToken → one renewal and retry;
 * InvalidProviderToken and the other 403s → misconfigured; 413 → failed; 429 → back off (per
 * device TooManyRequests: this message only); 500 / 503 → retry.
 */

const APNS_TOKEN_RENEW_MS = 40 * 60_000;
/** Apple refuses provider tokens renewed more often than this (TooManyProviderTokenUpdates). */
const APNS_TOKEN_MIN_AGE_MS = 20 * 60_000;
const BACKOFF_MS = 60_000;

export const ApnsCredentials = Type.Object({
  team_id: Type.String({ pattern: '^[A-Z0-9]{10}$', title: 'Team id', description: 'The 10-character Team ID of the Apple developer account.' }),
  key_id: Type.String({ pattern: '^[A-Z0-9]{10}$', title: 'Key id', description: 'The 10-character Key ID of the APNs auth key (.p8).' }),
  bundle_id: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '^[A-Za-z0-9.-]+$',
    title: 'Bundle id',
    description: 'The app’s bundle id (the apns-topic).',
  }),
  private_key: Type.String({ minLength: 2, title: 'Auth key (.p8)', description: 'The text of the .p8 file.', secret: true, multiline: true }),
});
export type ApnsCredentials = Static<typeof ApnsCredentials>;

/** A message naming what is wrong with APNs credentials, or null. */
export const checkApns = (credentials: ApnsCredentials): string | null =>
  credentials.private_key.includes('PRIVATE KEY') ? null : 'the auth key is not the text of a .p8 file';

/** An APNs device token: 64 hex digits (what routing tells apart from an FCM registration token). */
export const isApnsToken = (token: string) => /^[0-9a-f]{64}$/i.test(token);

/** At most 64 bytes (APNs refuses a longer apns-collapse-id), cut on a character boundary. */
export function collapseId(key: string): string {
  let out = '';
  for (const char of key) {
    if (Buffer.byteLength(out + char) > 64) break;
    out += char;
  }
  return out;
}

interface ProviderToken {
  value: string;
  issuedAtMs: number;
}
const providerTokens = new Map<string, Promise<ProviderToken>>();

/** The .p8 key does not read as one. */
class KeyRefused extends Error {}

async function signToken(credentials: ApnsCredentials, nowMs: number): Promise<ProviderToken> {
  const key = await importPKCS8(credentials.private_key, 'ES256').catch(() => {
    throw new KeyRefused('APNs: the auth key is not a valid .p8 (PKCS#8 EC P-256) key');
  });
  const value = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: credentials.key_id })
    .setIssuer(credentials.team_id)
    .setIssuedAt(Math.floor(nowMs / 1000))
    .sign(key);
  return { value, issuedAtMs: nowMs };
}

/** The provider token for the key, signed again after 40 minutes, or on `expired` when the held one is at least 20 minutes old. */
async function providerToken(credentials: ApnsCredentials, nowMs: number, expired: boolean): Promise<ProviderToken | null> {
  // The key itself names the token: a key replaced under the same team and key id signs anew.
  const cacheKey = `${credentials.team_id}:${credentials.key_id}:${createHash('sha256').update(credentials.private_key).digest('base64url')}`;
  const held = await providerTokens.get(cacheKey)?.catch(() => null);
  const age = held ? nowMs - held.issuedAtMs : Infinity;
  if (held && !expired && age < APNS_TOKEN_RENEW_MS) return held;
  if (held && expired && age < APNS_TOKEN_MIN_AGE_MS) return null;
  const fresh = signToken(credentials, nowMs);
  providerTokens.set(cacheKey, fresh);
  fresh.catch(() => providerTokens.get(cacheKey) === fresh && providerTokens.delete(cacheKey));
  return fresh;
}

/** One HTTP/2 connection per origin and CA, kept open (Apple asks senders to reuse connections). */
const sessions = new Map<string, ClientHttp2Session>();

function sessionFor(origin: string, ca: string | null | undefined): ClientHttp2Session {
  const key = `${origin}|${ca ?? ''}`;
  const open = sessions.get(key);
  if (open && !open.closed && !open.destroyed) return open;
  const session = connect(origin, ca ? { ca: [...rootCertificates, ca] } : {});
  const forget = () => sessions.get(key) === session && sessions.delete(key);
  session.on('close', forget);
  session.on('goaway', forget);
  session.on('error', forget);
  session.unref();
  sessions.set(key, session);
  return session;
}

/** Closes the kept connections (a process shutting down, a test's end). */
export function closeApnsSessions(): void {
  for (const session of sessions.values()) session.close();
  sessions.clear();
}

function apnsPayload(message: ChannelMessage): Record<string, unknown> {
  const { log } = message;
  return {
    aps: { alert: { ...(log.subject && { title: log.subject }), body: log.body ?? log.cta ?? '' }, sound: 'default' },
    delivery_id: message.deliveryId,
    match_id: message.matchId,
    market_id: message.marketId,
    ...(log.cta && { cta: log.cta }),
    ...(message.link && { link: message.link }),
  };
}

function request(session: ClientHttp2Session, headers: Record<string, string>, body: string, signal: AbortSignal) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const stream = session.request(headers, { signal });
    let text = '';
    let answer: IncomingHttpHeaders = {};
    stream.setEncoding('utf8');
    stream.on('response', (h) => (answer = h));
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolve({ status: Number(answer[':status'] ?? 0), headers: answer, body: text }));
    stream.on('error', reject);
    stream.end(body);
  });
}

/** An APNs error answer in the outcome taxonomy. */
function apnsOutcome(status: number, reason: string): ChannelOutcome {
  const error = `APNs ${status} ${reason}`;
  if (status === 410) return { kind: 'gone', error: `${error}: the device token is no longer active for the app` };
  if (status === 413) return { kind: 'failed', error: `${error}: the message is larger than 4 KB` };
  if (status === 429 && reason === 'TooManyRequests') return { kind: 'retry', error: `${error}: too many messages to this device`, retryAfterMs: BACKOFF_MS };
  if (status === 429) return { kind: 'backoff', error, retryAfterMs: BACKOFF_MS };
  if (status === 403 || reason === 'BadTopic' || reason === 'TopicDisallowed' || reason === 'MissingTopic')
    return { kind: 'misconfigured', error: `${error}: the key, team or bundle id was refused` };
  if (status >= 500) return { kind: 'retry', error };
  return { kind: 'failed', error };
}

export const apnsAdapter: ChannelAdapter<ApnsCredentials> = {
  vendor: 'apns',
  async send(message, credentials, context: AdapterContext) {
    if (message.recipient.kind !== 'device') return { kind: 'failed', error: 'APNs sends to a device token only' };
    const body = JSON.stringify(apnsPayload(message));
    const headers = (token: string) => ({
      ':method': 'POST',
      ':path': `/3/device/${encodeURIComponent(message.recipient.value)}`,
      authorization: `bearer ${token}`,
      'apns-topic': credentials.bundle_id,
      'apns-push-type': 'alert',
      'apns-priority': '10',
      'apns-expiration': String(Math.max(0, Math.floor(message.expiresAtMs / 1000))),
      'apns-collapse-id': collapseId(message.collapseKey),
      'content-type': 'application/json',
    });
    try {
      let token = await providerToken(credentials, context.now(), false);
      const session = () => sessionFor(new URL(context.baseUrl).origin, context.ca);
      let answer = await request(session(), headers(token!.value), body, context.signal);
      let reason = String((jsonOf(answer.body) as { reason?: string } | null)?.reason ?? '');
      if (answer.status === 403 && reason === 'ExpiredProviderToken') {
        token = await providerToken(credentials, context.now(), true);
        if (!token) return { kind: 'retry', error: 'APNs 403 ExpiredProviderToken: the token is younger than 20 minutes (is this clock right?)' };
        answer = await request(session(), headers(token.value), body, context.signal);
        reason = String((jsonOf(answer.body) as { reason?: string } | null)?.reason ?? '');
      }
      if (answer.status === 200) return { kind: 'sent', vendorId: String(answer.headers['apns-id'] ?? '') || null };
      return apnsOutcome(answer.status, reason || 'no reason');
    } catch (error) {
      if (error instanceof KeyRefused) return { kind: 'misconfigured', error: error.message };
      return unanswered('APNs', error);
    }
  },
};
