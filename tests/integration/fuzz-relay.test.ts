import { request as httpRequest, Agent } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connectIo } from 'socket.io-client';
import { liveMessageError, routes, SOCKET_AUTH_ERROR, type SocketRefusal } from '@odds/protocol';
import { PlainLiveClient, until, type LiveSocket } from '../support/live-client';
import { loginThrough, startStack, type Stack } from '../support/stack';
import { bogusToken, decodable, escapedText, liveMessageText, pollutedBody } from './fuzz/relay-inputs';

/**
 * The fuzz suite's cases at the relay (fuzz.test.ts fuzzes the services' routes): malformed
 * percent-escapes answer 400, never 500; a bogus handshake token is refused as invalid (never as
 * "unreachable"), costs the upstream at most one check, and nothing on a second try; every `/live`
 * message that is not a valid one gets its error; a prototype-pollution body is refused naming the
 * key. Fixed seed; FUZZ_SEED and FUZZ_RUNS change it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

let stack: Stack;
let token: string;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

// Token checks are the relay's fetches of the session route, in this process: counted here.
let checks = 0;
const realFetch = globalThis.fetch;
vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
  if (String(input instanceof Request ? input.url : input).endsWith(routes.session.path)) checks += 1;
  return realFetch(input, init);
});

beforeAll(async () => {
  stack = await startStack();
  token = await loginThrough(stack.url);
});
afterAll(async () => {
  agent.destroy();
  await stack?.close();
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${stack.url}${path}`, { agent, headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('fuzzing the relay', () => {
  it('percent-escapes in queries and paths: 400 with the plain message when malformed, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(escapedText, fc.boolean(), fc.boolean(), async (text, inPath, withToken) => {
        const path = inPath ? `/api/1/teams/${text}` : `/api/1/1/1/matches?q=${text}`;
        const reply = await get(path, withToken ? { authorization: `Token ${token}` } : {});
        expect(reply.status, path).toBeLessThan(500);
        const body = JSON.parse(reply.body) as { message?: string; code?: string };
        if (reply.status >= 400) expect(typeof body.message, path).toBe('string');
        if (!decodable(path))
          expect(body, path).toMatchObject({
            code: 'BAD_ESCAPE',
            message: 'The address holds a malformed percent-escape (such as %ff): escape text as UTF-8.',
          });
      }),
      { seed: SEED, numRuns: RUNS * 2 },
    );
  }, 120_000);

  it('bogus handshake tokens: refused as invalid (never "unreachable"), one upstream check at most, none when tried again', async () => {
    const handshake = (auth: string) =>
      new Promise<Error & { data?: SocketRefusal }>((resolve, reject) => {
        const socket: LiveSocket = connectIo(stack.url, { auth: { token: auth }, transports: ['websocket'], reconnection: false, forceNew: true });
        socket.once('hello', () => {
          socket.close();
          reject(new Error(`a bogus token was admitted: ${JSON.stringify(auth.slice(0, 40))}`));
        });
        socket.once('connect_error', (error) => {
          socket.close();
          resolve(error);
        });
      });
    await fc.assert(
      fc.asyncProperty(bogusToken, async (bogus) => {
        const before = checks;
        const first = await handshake(bogus);
        expect(first.message).toBe(SOCKET_AUTH_ERROR);
        expect(first.data).toEqual({ reason: 'auth', retryable: false });
        expect(checks - before).toBeLessThanOrEqual(1);
        const again = await handshake(bogus);
        expect(again.data).toEqual({ reason: 'auth', retryable: false });
        expect(checks - before).toBeLessThanOrEqual(1);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it('every /live message that is not a valid request gets its error, and the connection stays open', async () => {
    const client = await PlainLiveClient.open(stack.url, token);
    try {
      await client.next((message) => message.event === 'hello');
      await fc.assert(
        fc.asyncProperty(liveMessageText, async (text) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          // Valid requests (rare here) are answered by what they ask for, not by an error.
          fc.pre(parsed === undefined || liveMessageError(parsed) !== null);
          const seen = client.messages.length;
          client.ws.send(text);
          const replied = () => client.messages.slice(seen).find((message) => message.event === 'error' || message.event === 'ack');
          await until(() => Boolean(replied()), `a reply to ${JSON.stringify(text.slice(0, 60))}`, 5_000);
          const reply = replied()!;
          const error = reply.event === 'error' ? reply.data.message : reply.event === 'ack' && !reply.data.ok ? reply.data.error : null;
          expect(error, text).toBeTypeOf('string');
          if (parsed !== undefined && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)))
            expect(error, text).toMatch(/^Unknown message: /);
          expect(client.ws.readyState).toBe(client.ws.OPEN);
        }),
        { seed: SEED, numRuns: RUNS * 2 },
      );
    } finally {
      client.close();
    }
  }, 120_000);

  it('prototype-pollution bodies are refused naming what was wrong, however nested or escaped', async () => {
    await fc.assert(
      fc.asyncProperty(pollutedBody, async ({ text, proto }) => {
        const response = await realFetch(`${stack.url}/api/1/contacts`, {
          method: 'POST',
          headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
          body: text,
        });
        expect(response.status, text).toBe(400);
        const { message } = (await response.json()) as { message: string };
        expect(message, text).toBe(
          `The request body may not contain the key ${proto ? '"__proto__"' : '"constructor" with a "prototype"'} (it could change how objects behave on the server).`,
        );
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);
});
