import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every reply of the relay (pages, assets, API, errors), with @fastify/helmet.
 *
 * The CSP allows no inline or foreign script: the built client is module scripts from 'self'.
 * Styles may be inline: PrimeReact injects <style> elements, and the creative preview on the match
 * Graph is an `<iframe sandbox srcdoc>` whose document inherits this policy and carries its
 * styles inline (its images are data: URLs); the sandbox (no allow-scripts) keeps it script-free.
 * The console may not be framed by other sites (frame-ancestors 'self', X-Frame-Options
 * SAMEORIGIN). HSTS is sent only on requests that arrived over https, which the relay knows when
 * TRUST_PROXY lets it read X-Forwarded-Proto from the TLS proxy in front of it (it serves no TLS itself).
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
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
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
