import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import {
  projectAnalysisBodySchema,
  projectAnalysisLinkSchema,
  projectAnalysisParamsSchema,
  projectCreateSchema,
  projectDeletedSchema,
  projectListQuerySchema,
  projectPageSchema,
  projectSchema,
  projectUpdateSchema,
} from '#shared/projects/projects.schemas.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import {
  addAnalysis,
  createProject,
  deleteProject,
  listProjects,
  removeAnalysis,
  updateProject,
} from './projects.service.ts';

// /api/projects: the user's projects and the analyses each groups.
const tags = ['projects'];
const ownProject = { access: { params: { id: 'project' } } } as const;

export const projectsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(
    '/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'My projects',
        querystring: projectListQuerySchema,
        response: { 200: ok(projectPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listProjects({ db, principal: principalOf(request), query: request.query }),
    }),
  );

  app.post(
    '/',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Create a project', body: projectCreateSchema, response: { 201: ok(projectSchema) } },
    },
    async (request, reply) => {
      const data = await createProject({ db, userId: currentUser(request).id, now: clock.now(), input: request.body });
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.patch(
    '/:id',
    {
      preHandler: requireUser,
      config: ownProject,
      schema: {
        tags,
        summary: 'Rename, describe, tag or archive a project',
        params: idParamsSchema,
        body: projectUpdateSchema,
        response: { 200: ok(projectSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateProject({
        db,
        principal: principalOf(request),
        id: request.params.id,
        now: clock.now(),
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/:id',
    {
      preHandler: requireUser,
      config: ownProject,
      schema: {
        tags,
        summary: 'Delete a project',
        params: idParamsSchema,
        response: { 200: ok(projectDeletedSchema) },
      },
    },
    async (request) => {
      await deleteProject({ db, principal: principalOf(request), id: request.params.id });
      return { success: true as const, data: { id: request.params.id } };
    },
  );

  app.post(
    '/:id/analyses',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'project' }, body: { searchId: 'search' } } },
      schema: {
        tags,
        summary: 'Add an analysis to a project',
        params: idParamsSchema,
        body: projectAnalysisBodySchema,
        response: { 200: ok(projectAnalysisLinkSchema) },
      },
    },
    async (request) => {
      const projectId = request.params.id;
      const { searchId } = request.body;
      await addAnalysis({ db, principal: principalOf(request), projectId, searchId });
      return { success: true as const, data: { projectId, searchId } };
    },
  );

  app.delete(
    '/:id/analyses/:searchId',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'project', searchId: 'search' } } },
      schema: {
        tags,
        summary: 'Remove an analysis from a project',
        params: projectAnalysisParamsSchema,
        response: { 200: ok(projectAnalysisLinkSchema) },
      },
    },
    async (request) => {
      const { id: projectId, searchId } = request.params;
      await removeAnalysis({ db, principal: principalOf(request), projectId, searchId });
      return { success: true as const, data: { projectId, searchId } };
    },
  );
};
