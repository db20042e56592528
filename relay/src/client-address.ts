import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

type Trust = boolean | string | ((address: string, hop: number) => boolean);

/**
 * The client's address of a raw request (a socket.io handshake, which Fastify never sees), read as
 * Fastify reads `request.ip` under the same trustProxy: the peer when no proxy is trusted, else the
 * first untrusted address from the right of X-Forwarded-For.
 */
export function clientAddressReader(trust: Trust): (request: IncomingMessage) => string {
  if (trust === false) return (request) => request.socket.remoteAddress ?? 'unknown';
  const trusted = typeof trust === 'function' ? trust : trust === true ? () => true : proxyAddr.compile(trust.split(',').map((part) => part.trim()));
  return (request) => proxyAddr(request, trusted);
}
