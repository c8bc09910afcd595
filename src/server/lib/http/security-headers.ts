import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// Security headers on every response, API and HTML alike. No inline scripts anywhere: the theme is
// applied before first paint by an external blocking script (/theme-init.js).

const HELMET_OPTIONS: Readonly<HelmetOptions> = {
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
};

/**
 * The headers helmet sets for these options, computed once. They depend on nothing in the request
 * (no CSP nonces), and @fastify/helmet rebuilt helmet's middleware, CSP parsing included, on every
 * request: about a tenth of an authenticated read's CPU (ADR 047).
 */
export function securityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader: (name: string) => {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return Object.fromEntries(headers);
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (servedOverHttps(request)) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done(null, payload);
  });
}

/**
 * HTTPS as the user sees it: the connection itself, or a PUBLIC_URL with https (a TLS proxy in front
 * that TRUST_PROXY does not describe must not cost the cookie its Secure flag or the site its HSTS).
 */
export function servedOverHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.deps.env.PUBLIC_URL.startsWith('https:');
}
