import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP server under each vendor fake (a simulation of the vendor's wire format for tests and
 * staging: never a production path). It keeps every request it received, in order, and answers
 * each with what the fake's handler decides.
 */

export interface FakeRequest {
  method: string;
  /** The path and query as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, or as a form (`a=1&b=2`) when it is one; else null. */
  json: Record<string, unknown> | null;
  /** When it arrived (epoch ms): the pacing tests read the gaps. */
  atMs: number;
}

export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
}

export interface FakeServer {
  /** http://127.0.0.1:{port}: the base URL an adapter is given. */
  url: string;
  received: FakeRequest[];
  close(): Promise<void>;
}

function parseBody(body: string, type: string | undefined): Record<string, unknown> | null {
  try {
    if (type?.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
    const value: unknown = body ? JSON.parse(body) : null;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function startFakeServer(
  port: number,
  latencyMs: () => number,
  handle: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeServer> {
  const received: FakeRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body,
        json: parseBody(body, incoming.headers['content-type']),
        atMs: Date.now(),
      };
      received.push(request);
      const answer = await handle(request);
      const wait = latencyMs();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (outgoing.destroyed) return;
      outgoing.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      outgoing.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
