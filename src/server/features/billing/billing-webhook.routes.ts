import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { requestMeta } from '../../lib/http/request-meta.ts';
import { auditRejectedDelivery } from './billing-webhook.service.ts';
import { handleBillingEvent } from './billing-events.service.ts';
import { billingEventFromStripe, type StripeProvider } from './stripe.provider.ts';

// POST /api/billing/webhook (Stripe only). Its own plugin so the raw-body parser the signature
// check needs applies to this route alone. Answers: 400 for an unverifiable payload (and an audit
// row), 200 for a verified event (applied, duplicate, stale or of a type we ignore), 5xx when the
// database fails, so Stripe retries.

const webhookSchema = {
  tags: ['billing'],
  summary: 'Stripe webhook (signed deliveries only)',
  response: {
    200: ok(z.object({ received: z.literal(true), outcome: z.string() })),
  },
};

export function billingWebhookRoutes(provider: StripeProvider): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post('/', { schema: webhookSchema }, async (request, reply) => {
      const { db, clock } = app.deps;
      const now = clock.now();
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof header !== 'string' || header === '') throw new Error('No Stripe-Signature header');
        event = provider.verifyWebhook(rawBody, header, now);
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'unverifiable payload';
        await auditRejectedDelivery({ db, meta: requestMeta(request), now, reason, bytes: rawBody.length });
        throw new AppError('BAD_REQUEST', 'The webhook signature could not be verified.');
      }
      const billingEvent = billingEventFromStripe(provider.config, event);
      if (!billingEvent) return reply.send({ success: true as const, data: { received: true, outcome: 'ignored' } });
      const { outcome } = await handleBillingEvent({ db, event: billingEvent, now });
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
      return reply.send({ success: true as const, data: { received: true, outcome } });
    });
  };
}
