import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import { v1ExportQuerySchema } from '#shared/exports/bundle.schemas.ts';
import { userPrincipal } from '../../lib/access/principal.ts';
import { requireApiKey } from '../../lib/http/api-key-guard.ts';
import { resolveAppSecret } from '../../lib/platform/app-secrets.ts';
import { currentUser } from '../../lib/http/auth-guard.ts';
import { CSV_DESCRIPTION } from '../../lib/platform/csv.ts';
import { fileResponse, sendFile } from '../../lib/http/file-response.ts';
import { exportAnalysisBundle, exportOpportunitiesCsv } from './exports.service.ts';

// REST API v1 (docs/decisions/016): an analysis's bundle or CSV with an API key holding the `export`
// scope — the same files, access rules and allowance as the app's export buttons.

export const exportsV1Routes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock, env } = app.deps;
  const bundleSecret = await resolveAppSecret(db, 'bundle', env.BUNDLE_SECRET);
  app.decorateRequest('apiKeyId', null);

  app.get(
    '/searches/:id/export',
    {
      preHandler: requireApiKey('export'),
      config: { access: 'api-key' },
      schema: {
        tags: ['api-v1'],
        security: [{ apiKey: [] }],
        summary: 'Export an analysis: format=bundle (signed JSON) or format=csv (opportunities)',
        params: idParamsSchema,
        querystring: v1ExportQuerySchema,
        response: fileResponse(`application/json (bundle) or ${CSV_DESCRIPTION}`),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const options = {
        db,
        principal: userPrincipal(user.id),
        user,
        searchId: request.params.id,
        now: clock.now(),
      };
      const file =
        request.query.format === 'bundle'
          ? await exportAnalysisBundle({ ...options, secret: bundleSecret })
          : await exportOpportunitiesCsv(options);
      return sendFile(reply, file);
    },
  );
};
