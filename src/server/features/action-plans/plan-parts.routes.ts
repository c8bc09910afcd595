import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addTaskSchema,
  planSchema,
  reorderPhasesSchema,
  reorderTasksSchema,
  updatePhaseSchema,
  updateTaskSchema,
  versionBodySchema,
} from '#shared/action-plans/action-plans.schemas.ts';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import { requireUser } from '../../lib/http/auth-guard.ts';
import {
  addTask,
  deletePhase,
  deleteTask,
  reorderPhases,
  reorderTasks,
  updatePhase,
  updateTask,
} from './plan-edits.service.ts';
import { writer } from './plan-request.http.ts';

// /api/plan-phases and /api/plan-tasks: working a plan's parts. Same order of checks as the plan
// routes: ownership or a canEdit share (404), the plan (403), the version (409).

const ownPhase = { access: { params: { id: 'planPhase' } } } as const;
const ownTask = { access: { params: { id: 'planTask' } } } as const;

export const planPartRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const partTags = ['action-plans'];

  app.post(
    '/plan-phases/reorder',
    {
      preHandler: requireUser,
      schema: {
        tags: partTags,
        summary: 'Reorder the phases of a plan',
        body: reorderPhasesSchema,
        response: { 200: ok(planSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reorderPhases({ ...writer(request), input: request.body }),
    }),
  );

  app.patch(
    '/plan-phases/:id',
    {
      preHandler: requireUser,
      config: ownPhase,
      schema: {
        tags: partTags,
        summary: 'Rename or move a phase',
        params: idParamsSchema,
        body: updatePhaseSchema,
        response: { 200: ok(planSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updatePhase({ ...writer(request), id: request.params.id, input: request.body }),
    }),
  );

  app.delete(
    '/plan-phases/:id',
    {
      preHandler: requireUser,
      config: ownPhase,
      schema: {
        tags: partTags,
        summary: 'Delete a phase and its tasks',
        params: idParamsSchema,
        body: versionBodySchema,
        response: { 200: ok(planSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deletePhase({ ...writer(request), id: request.params.id, version: request.body.version }),
    }),
  );

  app.post(
    '/plan-phases/:id/tasks',
    {
      preHandler: requireUser,
      config: ownPhase,
      schema: {
        tags: partTags,
        summary: 'Add a task to a phase',
        params: idParamsSchema,
        body: addTaskSchema,
        response: { 201: ok(planSchema) },
      },
    },
    async (request, reply) => {
      const data = await addTask({ ...writer(request), phaseId: request.params.id, input: request.body });
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.post(
    '/plan-tasks/reorder',
    {
      preHandler: requireUser,
      schema: {
        tags: partTags,
        summary: 'Reorder the tasks of a phase',
        body: reorderTasksSchema,
        response: { 200: ok(planSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reorderTasks({ ...writer(request), input: request.body }),
    }),
  );

  app.patch(
    '/plan-tasks/:id',
    {
      preHandler: requireUser,
      config: ownTask,
      schema: {
        tags: partTags,
        summary: 'Edit a task: text, status, dependencies, phase or position',
        params: idParamsSchema,
        body: updateTaskSchema,
        response: { 200: ok(planSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateTask({ ...writer(request), id: request.params.id, input: request.body }),
    }),
  );

  app.delete(
    '/plan-tasks/:id',
    {
      preHandler: requireUser,
      config: ownTask,
      schema: {
        tags: partTags,
        summary: 'Delete a task',
        params: idParamsSchema,
        body: versionBodySchema,
        response: { 200: ok(planSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deleteTask({ ...writer(request), id: request.params.id, version: request.body.version }),
    }),
  );
};
