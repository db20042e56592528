import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every reply of the relay (pages, assets, API, errors), with helmet's headers.
 *
 * The CSP allows no inline or foreign script: the built client is module scripts from 'self'.
 * Styles may be inline: PrimeReact injects <style> elements, and the creative preview on the match
 * Graph is an `<iframe sandbox srcdoc>` whose document inherits this policy and carries its
 * styles inline (its images are data: URLs); the sandbox (no allow-scripts) keeps it script-free.
 * The console may not be framed by other sites (frame-ancestors 'self', X-Frame-Options
 * SAMEORIGIN). HSTS is sent only on requests that arrived over https, which the relay knows when
 * TRUST_PROXY lets it read X-Forwarded-Proto from the TLS proxy in front of it (it serves no TLS itself).
 *
 * The headers are the same for every reply, so helmet computes them once (@fastify/helmet would
 * rebuild helmet's middleware, and parse the CSP again, on every request: a tenth of the relay's
 * cost per proxied call) and one hook sets them.
 */
async function registerSecurity(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
}

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'sameorigin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  hsts: false,
};

/** The headers helmet sets with HELMET_OPTIONS, read once from its middleware. */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** On the root (fastify-plugin): every reply of every plugin carries the headers. */
export const securityPlugin = fp(registerSecurity, { name: 'relay-security', fastify: '5.x' });
