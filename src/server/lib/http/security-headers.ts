import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// Security headers on every response, API and HTML alike. No inline scripts anywhere: the theme is
// applied before first paint by an external blocking script (/theme-init.js).
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions its popovers with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false, // set below, only over HTTPS
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (servedOverHttps(request)) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}

/**
 * HTTPS as the user sees it: the connection itself, or a PUBLIC_URL with https (a TLS proxy in front
 * that TRUST_PROXY does not describe must not cost the cookie its Secure flag or the site its HSTS).
 */
export function servedOverHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.deps.env.PUBLIC_URL.startsWith('https:');
}
