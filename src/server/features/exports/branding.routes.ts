import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import {
  brandingSchema,
  brandingUpdateSchema,
  LOGO_TOO_LARGE_MESSAGE,
  logoUploadSchema,
} from '#shared/exports/branding.schemas.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { requirePlan } from '../../lib/http/plan-guard.ts';
import { logoFile, readBranding, removeLogo, updateBranding, uploadLogo } from './branding.service.ts';

// /api/exports/branding: the company name, accent colour and logo of branded reports (Pro and Enterprise).
//   GET    /              the stored branding and whether exports apply it now
//   PUT    /              company name and accent colour (paid)
//   PUT    /logo          a PNG or JPEG, base64 in JSON (paid; ≤ 512 kB, checked as an image)
//   DELETE /logo          removes the logo (any plan)
//   GET    /logos/:id     the logo file, to its owner only
const tags = ['exports'];

/** JSON around a 512 kB logo in base64 stays under this; a larger body is refused before it is read. */
const LOGO_BODY_LIMIT = 1024 * 1024;

export const brandingRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(
    '/',
    { preHandler: requireUser, schema: { tags, summary: 'My report branding', response: { 200: ok(brandingSchema) } } },
    async (request) => ({
      success: true as const,
      data: await readBranding({ db, user: currentUser(request), now: clock.now() }),
    }),
  );

  app.put(
    '/',
    {
      preHandler: requirePlan('customReports'),
      schema: {
        tags,
        summary: 'Set the company name and accent colour of my reports (Pro)',
        body: brandingUpdateSchema,
        response: { 200: ok(brandingSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateBranding({ db, user: currentUser(request), now: clock.now(), input: request.body }),
    }),
  );

  app.put(
    '/logo',
    {
      bodyLimit: LOGO_BODY_LIMIT,
      preHandler: requirePlan('customReports'),
      config: { tooLargeMessage: LOGO_TOO_LARGE_MESSAGE },
      schema: {
        tags,
        summary: 'Upload the logo of my reports: PNG or JPEG, base64 (Pro)',
        body: logoUploadSchema,
        response: { 200: ok(brandingSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await uploadLogo({ db, user: currentUser(request), now: clock.now(), base64: request.body.data }),
    }),
  );

  app.delete(
    '/logo',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Remove the logo of my reports', response: { 200: ok(brandingSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await removeLogo({ db, user: currentUser(request), now: clock.now() }),
    }),
  );

  app.get(
    '/logos/:id',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'reportLogo' } } },
      schema: {
        tags,
        summary: 'The logo image (its owner only)',
        params: idParamsSchema,
        response: { 200: z.string().describe('image/png or image/jpeg') },
      },
    },
    async (request, reply) => {
      const logo = await logoFile({ db, principal: principalOf(request), id: request.params.id });
      return (reply as FastifyReply)
        .header('content-type', logo.mimeType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-cache')
        .send(logo.data);
    },
  );
};
