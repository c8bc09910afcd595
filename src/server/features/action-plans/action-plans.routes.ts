import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPhaseSchema,
  createPlanSchema,
  exampleQuerySchema,
  planListSchema,
  planSchema,
  planTemplateListSchema,
  planTemplateSchema,
  progressHistorySchema,
  saveTemplateSchema,
  taskHistorySchema,
  updatePlanSchema,
} from '#shared/action-plans/action-plans.schemas.ts';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { recordEvent } from '../../lib/domain/analytics-events.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { CSV_DESCRIPTION } from '../../lib/platform/csv.ts';
import { fileResponse, sendFile } from '../../lib/http/file-response.ts';
import {
  createPlan,
  deletePlan,
  getPlan,
  listPlans,
  listTemplates,
  loadOwnPlan,
  saveAsTemplate,
  updatePlan,
} from './action-plans.service.ts';
import { addPhase } from './plan-edits.service.ts';
import { examplePlan } from './plan-example.service.ts';
import { writer } from './plan-request.http.ts';
import { planToCsv, planToMarkdown } from './plan-export.render.ts';
import { historyOf, progressHistory } from './plan-progress.service.ts';

// /api/action-plans, /api/plan-phases, /api/plan-tasks (issue 15). Reading your own plans is open to
// every plan; generating and editing is Pro (the trial included): services check ownership first
// (404), then the plan (403 'This is a Pro feature'), then the version (409).

const tags = ['action-plans'];
const ownPlan = { access: { params: { id: 'actionPlan' } } } as const;
const exportQuerySchema = z.object({ format: z.enum(['markdown', 'csv']).default('markdown') });

export const actionPlanRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/',
    { preHandler: requireUser, schema: { tags, summary: 'My action plans', response: { 200: ok(planListSchema) } } },
    async (request) => ({ success: true as const, data: await listPlans(writer(request)) }),
  );

  app.post(
    '/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Generate a plan from an opportunity of a stored analysis or a validated idea (Pro)',
        body: createPlanSchema,
        response: { 200: ok(planSchema), 201: ok(planSchema) },
      },
    },
    async (request, reply) => {
      const { plan, created } = await createPlan({ ...writer(request), input: request.body });
      if (created) await recordEvent(request, 'plan_created', { planId: plan.id });
      return reply.status(created ? 201 : 200).send({ success: true as const, data: plan });
    },
  );

  app.get(
    '/example',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'The read-only example plan, built from the idea or opportunity given (else my latest analysis), never stored',
        querystring: exampleQuerySchema,
        response: { 200: ok(planSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await examplePlan({ ...writer(request), ...request.query }),
    }),
  );

  app.get(
    '/templates',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Plan templates: the seeded ones and my own',
        response: { 200: ok(planTemplateListSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await listTemplates({ db, userId: currentUser(request).id }) }),
  );

  app.get(
    '/:id',
    {
      preHandler: requireUser,
      config: ownPlan,
      schema: { tags, summary: 'One plan', params: idParamsSchema, response: { 200: ok(planSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await getPlan({ db, principal: principalOf(request), id: request.params.id }),
    }),
  );

  app.patch(
    '/:id',
    {
      preHandler: requireUser,
      config: ownPlan,
      schema: {
        tags,
        summary: 'Rename a plan or change its status',
        params: idParamsSchema,
        body: updatePlanSchema,
        response: { 200: ok(planSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updatePlan({ ...writer(request), id: request.params.id, input: request.body }),
    }),
  );

  app.delete(
    '/:id',
    {
      preHandler: requireUser,
      config: ownPlan,
      schema: {
        tags,
        summary: 'Delete a plan',
        params: idParamsSchema,
        response: { 200: ok(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      await deletePlan({ db, principal: principalOf(request), id: request.params.id });
      return { success: true as const, data: { id: request.params.id } };
    },
  );

  app.post(
    '/:id/template',
    {
      preHandler: requireUser,
      config: ownPlan,
      schema: {
        tags,
        summary: 'Save a plan as my own template',
        params: idParamsSchema,
        body: saveTemplateSchema,
        response: { 201: ok(planTemplateSchema) },
      },
    },
    async (request, reply) => {
      const data = await saveAsTemplate({ ...writer(request), id: request.params.id, input: request.body });
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.post(
    '/:id/phases',
    {
      preHandler: requireUser,
      config: ownPlan,
      schema: {
        tags,
        summary: 'Add a phase',
        params: idParamsSchema,
        body: addPhaseSchema,
        response: { 201: ok(planSchema) },
      },
    },
    async (request, reply) => {
      const data = await addPhase({ ...writer(request), planId: request.params.id, input: request.body });
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/:id/progress',
    {
      preHandler: requireUser,
      config: ownPlan,
      schema: {
        tags,
        summary: 'Daily progress snapshots',
        params: idParamsSchema,
        response: { 200: ok(progressHistorySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await progressHistory({ ...writer(request), planId: request.params.id, load: loadOwnPlan }),
    }),
  );

  app.get(
    '/:id/history',
    {
      preHandler: requireUser,
      config: ownPlan,
      schema: {
        tags,
        summary: 'Task history of a plan',
        params: idParamsSchema,
        response: { 200: ok(taskHistorySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await historyOf({ db, principal: principalOf(request), planId: request.params.id, load: loadOwnPlan }),
    }),
  );

  app.get(
    '/:id/export',
    {
      preHandler: requireUser,
      config: ownPlan,
      schema: {
        tags,
        summary: 'Export a plan as Markdown or CSV',
        params: idParamsSchema,
        querystring: exportQuerySchema,
        response: fileResponse(`text/markdown or ${CSV_DESCRIPTION}`),
      },
    },
    async (request, reply) => {
      const plan = await getPlan({ db, principal: principalOf(request), id: request.params.id });
      const isCsv = request.query.format === 'csv';
      await recordEvent(request, 'export', { format: isCsv ? 'csv' : 'markdown', what: 'action-plan' });
      return sendFile(reply, isCsv ? planToCsv(plan) : planToMarkdown(plan));
    },
  );
};
