import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { FCM_SCOPE } from '../fcm';
import { readBody } from './read-body';

/**
 * A local stand-in for FCM (a SIMULATION, for tests and staging: never a production path): the
 * OAuth token endpoint (`POST /token`, JWT bearer grant, the assertion's RS256 signature checked
 * against the service account's public key) and HTTP v1 `messages:send` (the bearer token must be
 * one it issued and not expired), answering in FCM's documented error format. What it answers a
 * message is `behaviour`'s choice; by default a token starting with `unregistered` is UNREGISTERED,
 * `invalid` INVALID_ARGUMENT, `quota` QUOTA_EXCEEDED, `unavailable` UNAVAILABLE, and any other is sent.
 */

export interface FcmAnswer {
  status: number;
  errorCode?: string;
  grpcStatus?: string;
  message?: string;
  retryAfter?: string;
}

export interface FcmReceived {
  project: string;
  message: Record<string, unknown> & { token?: string; topic?: string };
  atMs: number;
}

export interface FcmFake {
  url: string;
  tokenUrl: string;
  /** A service account of `project` whose key the fake trusts (the JSON an admin would paste). */
  serviceAccount(project: string, email?: string): string;
  received: FcmReceived[];
  /** Tokens issued so far. */
  tokensIssued: number;
  behaviour: (received: FcmReceived) => FcmAnswer | null;
  /** Lifetime of the tokens it issues, in seconds (3600 like Google's). */
  tokenTtlS: number;
  /** The fake's clock (tests move it to expire tokens). */
  now: () => number;
  /** How long each send takes to answer (the channels bench: 50 ms). */
  latencyMs: number;
  /** Revokes every token issued (the next send gets 401 UNAUTHENTICATED). */
  revokeTokens(): void;
  close(): Promise<void>;
}

const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** The default answers by token prefix (staging uses them to see each error class). */
export function answerByPrefix({ message }: FcmReceived): FcmAnswer | null {
  const target = String(message.token ?? message.topic ?? '');
  if (target.startsWith('unregistered')) return { status: 404, errorCode: 'UNREGISTERED', message: 'Requested entity was not found.' };
  if (target.startsWith('invalid'))
    return { status: 400, errorCode: 'INVALID_ARGUMENT', message: 'The registration token is not a valid FCM registration token' };
  if (target.startsWith('quota')) return { status: 429, errorCode: 'QUOTA_EXCEEDED', message: 'Quota exceeded.' };
  if (target.startsWith('unavailable')) return { status: 503, errorCode: 'UNAVAILABLE', message: 'The service is currently unavailable.', retryAfter: '2' };
  return null;
}

function error(response: ServerResponse, answer: FcmAnswer): void {
  const status = answer.grpcStatus ?? STATUS[answer.status] ?? 'UNKNOWN';
  const details = answer.errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: answer.errorCode }] : [];
  response.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.retryAfter && { 'retry-after': answer.retryAfter }) });
  response.end(JSON.stringify({ error: { code: answer.status, message: answer.message ?? status, status, details } }));
}

export async function startFcmFake(port = 0): Promise<FcmFake> {
  const accounts = new Map<string, { project: string; key: KeyObject }>();
  const issued = new Map<string, { email: string; expiresAtMs: number }>();
  let sequence = 0;
  const fake: FcmFake = {
    url: '',
    tokenUrl: '',
    received: [],
    tokensIssued: 0,
    behaviour: answerByPrefix,
    tokenTtlS: 3600,
    now: Date.now,
    latencyMs: 0,
    serviceAccount(project, email = `sender@${project}.iam.gserviceaccount.com`) {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const keyId = randomUUID();
      accounts.set(email, { project, key: publicKey });
      return JSON.stringify({
        type: 'service_account',
        project_id: project,
        private_key_id: keyId,
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
        client_email: email,
        token_uri: fake.tokenUrl,
      });
    },
    revokeTokens: () => issued.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function token(body: string, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(body);
    const refuse = (text: string) =>
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant', error_description: text }));
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return void refuse('unsupported grant');
    const assertion = form.get('assertion') ?? '';
    const claims = JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString() || '{}') as { iss?: string };
    const account = claims.iss ? accounts.get(claims.iss) : undefined;
    if (!account) return void refuse('unknown service account');
    try {
      const { payload } = await jwtVerify(assertion, account.key, { audience: fake.tokenUrl, algorithms: ['RS256'], currentDate: new Date(fake.now()) });
      if (payload.scope !== FCM_SCOPE) return void refuse('wrong scope');
    } catch {
      return void refuse('Invalid JWT Signature.');
    }
    const value = `ya29.fake-${randomUUID()}`;
    issued.set(value, { email: claims.iss!, expiresAtMs: fake.now() + fake.tokenTtlS * 1000 });
    fake.tokensIssued += 1;
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ access_token: value, expires_in: fake.tokenTtlS, token_type: 'Bearer' }));
  }

  async function send(project: string, authorization: string, body: string, response: ServerResponse): Promise<void> {
    const grant = issued.get(authorization.replace(/^Bearer /, ''));
    if (!grant || grant.expiresAtMs <= fake.now()) return error(response, { status: 401, message: 'Request had invalid authentication credentials.' });
    if (accounts.get(grant.email)?.project !== project) return error(response, { status: 403, grpcStatus: 'PERMISSION_DENIED', message: 'Permission denied.' });
    const parsed = JSON.parse(body) as { message?: FcmReceived['message'] };
    const message = parsed.message;
    if (!message || (!message.token && !message.topic)) return error(response, { status: 400, errorCode: 'INVALID_ARGUMENT', message: 'No target.' });
    const data = (message.data ?? {}) as Record<string, unknown>;
    if (Object.values(data).some((v) => typeof v !== 'string'))
      return error(response, { status: 400, errorCode: 'INVALID_ARGUMENT', message: 'data values must be strings' });
    const received = { project, message, atMs: fake.now() };
    fake.received.push(received);
    const answer = fake.behaviour(received);
    if (fake.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.latencyMs));
    if (answer) return error(response, answer);
    sequence += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: `projects/${project}/messages/${sequence}` }));
  }

  const server: Server = createServer((request, response) => {
    void readBody(request)
      .then(async (body) => {
        const url = new URL(request.url ?? '/', 'http://fake');
        const sendPath = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(url.pathname);
        if (request.method === 'POST' && url.pathname === '/token') return token(body, response);
        if (request.method === 'POST' && sendPath) return send(decodeURIComponent(sendPath[1]!), String(request.headers.authorization ?? ''), body, response);
        response.writeHead(404).end();
      })
      .catch(() => {
        if (!response.headersSent) response.writeHead(400).end();
      });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.tokenUrl = `${fake.url}/token`;
  return fake;
}
