import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';

// Browser-test controls, registered only when ENABLE_TEST_HOOKS is true (refused in production by
// env.ts): move the app clock, read the latest outbox e-mail for an address.
//   POST /api/__test/clock   { advanceMs } | { at } | { reset: true } → { now }
//   GET  /api/__test/outbox?to=<email>                                → { to, subject, text, html }

const clockBody = z.union([
  z.object({ advanceMs: z.number().int() }),
  z.object({ at: z.iso.datetime() }),
  z.object({ reset: z.literal(true) }),
]);

const outboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
});

export const testHookRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/clock',
    { schema: { hide: true, body: clockBody, response: { 200: ok(z.object({ now: z.string() })) } } },
    async (request) => {
      const { clock } = app.deps;
      const body = request.body;
      if ('advanceMs' in body) clock.advance(body.advanceMs);
      else if ('at' in body) clock.set(new Date(body.at));
      else clock.set(null);
      return { success: true as const, data: { now: clock.now().toISOString() } };
    },
  );

  app.get(
    '/outbox',
    {
      schema: {
        hide: true,
        querystring: z.object({ to: z.string().trim().toLowerCase().min(3) }),
        response: { 200: ok(outboxMailSchema) },
      },
    },
    async (request) => {
      const [mail] = await app.deps.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, request.query.to))
        .orderBy(desc(emailOutbox.id))
        .limit(1);
      if (!mail) throw notFound('An e-mail for that address');
      return {
        success: true as const,
        data: { to: mail.toAddress, subject: mail.subject, text: mail.text, html: mail.html },
      };
    },
  );
};
