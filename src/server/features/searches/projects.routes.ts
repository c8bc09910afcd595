import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  projectAnalysisBodySchema,
  projectCreateSchema,
  projectUpdateSchema,
} from '#shared/searches/search.schemas.ts';
import { currentUser, requireUser } from '../../lib/auth-guard.ts';
import {
  addAnalysis,
  createProject,
  deleteProject,
  listProjects,
  removeAnalysis,
  updateProject,
} from './projects.service.ts';

const analysisParamsSchema = idParamsSchema.extend({ searchId: z.coerce.number().int().min(1).max(2_147_483_647) });

// /api/projects: the user's projects and the analyses each groups.
export const projectsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  app.addHook('preHandler', requireUser);

  app.get('/', async (request) => ({ success: true, data: await listProjects(db, currentUser(request).id) }));

  app.post('/', { schema: { body: projectCreateSchema } }, async (request, reply) => {
    const data = await createProject({ db, userId: currentUser(request).id, now: clock.now(), input: request.body });
    return reply.status(201).send({ success: true, data });
  });

  app.patch('/:id', { schema: { params: idParamsSchema, body: projectUpdateSchema } }, async (request) => ({
    success: true,
    data: await updateProject({
      db,
      userId: currentUser(request).id,
      id: request.params.id,
      now: clock.now(),
      input: request.body,
    }),
  }));

  app.delete('/:id', { schema: { params: idParamsSchema } }, async (request) => {
    await deleteProject(db, currentUser(request).id, request.params.id);
    return { success: true, data: { id: request.params.id } };
  });

  app.post(
    '/:id/analyses',
    { schema: { params: idParamsSchema, body: projectAnalysisBodySchema } },
    async (request) => {
      await addAnalysis(db, currentUser(request).id, request.params.id, request.body.searchId);
      return { success: true, data: { projectId: request.params.id, searchId: request.body.searchId } };
    },
  );

  app.delete('/:id/analyses/:searchId', { schema: { params: analysisParamsSchema } }, async (request) => {
    await removeAnalysis(db, currentUser(request).id, request.params.id, request.params.searchId);
    return { success: true, data: { projectId: request.params.id, searchId: request.params.searchId } };
  });
};
