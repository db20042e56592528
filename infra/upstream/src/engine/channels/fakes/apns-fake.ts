import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createSecureServer, type Http2SecureServer, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { readBody } from './read-body';
import { loopbackCertificate } from './tls-cert';

/**
 * A local stand-in for APNs (a SIMULATION, for tests and staging: never a production path): an
 * HTTP/2 server over TLS (a self-signed certificate made at start: `ca` is what a client must
 * trust) taking `POST /3/device/{token}`, checking the provider token's ES256 signature with the
 * public key of its team and key id, its age (older than an hour: ExpiredProviderToken) and the
 * headers APNs requires, answering in APNs' format (`{"reason": ...}`, `apns-id`). By default a
 * token that is not 64 hex digits is BadDeviceToken and one starting with `dead` is Unregistered.
 */

export interface ApnsAnswer {
  status: number;
  reason: string;
}

export interface ApnsReceived {
  token: string;
  headers: Record<string, string>;
  payload: Record<string, unknown>;
  atMs: number;
  /** The provider token's `iat` (seconds): a new value is a renewal. */
  issuedAtS: number;
}

export interface ApnsFake {
  url: string;
  /** The fake's certificate (PEM): APNS_CA_FILE for a client. */
  ca: string;
  /** An auth key (.p8 text) of `teamId`/`keyId` for `bundleId` that the fake trusts. */
  authKey(teamId: string, keyId: string, bundleId: string): string;
  received: ApnsReceived[];
  behaviour: (received: ApnsReceived) => ApnsAnswer | null;
  /** How long a provider token is accepted (Apple: one hour). */
  tokenTtlMs: number;
  now: () => number;
  /** How long each send takes to answer once its provider token is checked (the saturday bench: 50 ms, as the other fakes). */
  latencyMs: number;
  close(): Promise<void>;
}

export function answerByToken({ token }: ApnsReceived): ApnsAnswer | null {
  if (!/^[0-9a-f]{64}$/i.test(token)) return { status: 400, reason: 'BadDeviceToken' };
  if (token.startsWith('dead')) return { status: 410, reason: 'Unregistered' };
  return null;
}

export async function startApnsFake(port = 0): Promise<ApnsFake> {
  const { key, cert } = await loopbackCertificate();
  const keys = new Map<string, { key: KeyObject; bundleId: string }>();
  const fake: ApnsFake = {
    url: '',
    ca: cert,
    received: [],
    behaviour: answerByToken,
    tokenTtlMs: 3_600_000,
    now: Date.now,
    latencyMs: 0,
    authKey(teamId, keyId, bundleId) {
      const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      keys.set(`${teamId}:${keyId}`, { key: pair.publicKey, bundleId });
      return String(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
  const sessions = new Set<import('node:http2').ServerHttp2Session>();

  const answer = (response: Http2ServerResponse, status: number, reason?: string) => {
    response.writeHead(status, { 'apns-id': randomUUID().toUpperCase(), ...(reason && { 'content-type': 'application/json' }) });
    if (reason) response.end(JSON.stringify({ reason }));
    else response.end();
  };

  async function handle(headers: Record<string, string>, path: string, body: string, response: Http2ServerResponse): Promise<void> {
    const device = /^\/3\/device\/([^/]+)$/.exec(path);
    if (headers[':method'] !== 'POST' || !device) return answer(response, 404, 'BadPath');
    const jwt = (headers.authorization ?? '').replace(/^bearer /i, '');
    if (!jwt) return answer(response, 403, 'MissingProviderToken');
    let issuedAtS: number;
    let bundleId: string;
    try {
      const { kid } = decodeProtectedHeader(jwt);
      const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { iss?: string };
      const trusted = keys.get(`${claims.iss}:${kid}`);
      if (!trusted) return answer(response, 403, 'InvalidProviderToken');
      const { payload } = await jwtVerify(jwt, trusted.key, { algorithms: ['ES256'], currentDate: new Date(fake.now()) });
      issuedAtS = Number(payload.iat);
      bundleId = trusted.bundleId;
    } catch {
      return answer(response, 403, 'InvalidProviderToken');
    }
    if (fake.now() - issuedAtS * 1000 > fake.tokenTtlMs) return answer(response, 403, 'ExpiredProviderToken');
    if (!headers['apns-topic']) return answer(response, 400, 'MissingTopic');
    if (headers['apns-topic'] !== bundleId) return answer(response, 400, 'DeviceTokenNotForTopic');
    if (headers['apns-push-type'] !== 'alert') return answer(response, 400, 'InvalidPushType');
    if (Buffer.byteLength(headers['apns-collapse-id'] ?? '') > 64) return answer(response, 400, 'BadCollapseId');
    if (Buffer.byteLength(body) > 4096) return answer(response, 413, 'PayloadTooLarge');
    const received: ApnsReceived = {
      token: decodeURIComponent(device[1]!),
      headers,
      payload: JSON.parse(body) as Record<string, unknown>,
      atMs: fake.now(),
      issuedAtS,
    };
    fake.received.push(received);
    const decided = fake.behaviour(received);
    if (fake.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.latencyMs));
    if (decided) return answer(response, decided.status, decided.reason);
    answer(response, 200);
  }

  const server: Http2SecureServer = createSecureServer({ key, cert, allowHTTP1: false }, (request, response) => {
    void readBody(request)
      .then((body) => handle(request.headers as Record<string, string>, request.url, body, response))
      .catch(() => !response.headersSent && answer(response, 400, 'BadMessage'));
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
