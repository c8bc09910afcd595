import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { securityAuditLogs } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { handleBillingEvent } from './billing-events.ts';
import { billingEventFromStripe, type StripeProvider } from './stripe-provider.ts';

// POST /api/billing/webhook (Stripe only). Its own plugin so the raw-body parser the signature
// check needs applies to this route alone. Answers: 400 for an unverifiable payload (and an audit
// row), 200 for a verified event (applied, duplicate, stale or of a type we ignore), 5xx when the
// database fails, so Stripe retries.

const AUDITED_REJECTIONS_PER_MINUTE = 30;

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
        // The audit trail must not become a way to fill the database: past a per-address budget
        // rejections are still answered 400, without a row each.
        const budget = await consumeRateLimit({
          db,
          key: `webhook-reject:${request.ip}`,
          limit: AUDITED_REJECTIONS_PER_MINUTE,
          windowMs: 60_000,
          now,
        });
        if (!budget.allowed) throw new AppError('BAD_REQUEST', 'The webhook signature could not be verified.');
        await db.insert(securityAuditLogs).values({
          eventType: 'billing.webhook_rejected',
          action: 'verify_webhook_signature',
          resource: 'stripe_webhook',
          success: false,
          errorMessage: reason.slice(0, 500),
          ipAddress: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
          severity: 'medium',
          requestId: request.id,
          metadata: { bytes: rawBody.length },
        });
        throw new AppError('BAD_REQUEST', 'The webhook signature could not be verified.');
      }
      const billingEvent = billingEventFromStripe(provider.config, event);
      if (!billingEvent) return reply.send({ success: true as const, data: { received: true, outcome: 'ignored' } });
      const { outcome } = await handleBillingEvent(db, billingEvent, now);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
      return reply.send({ success: true as const, data: { received: true, outcome } });
    });
  };
}
