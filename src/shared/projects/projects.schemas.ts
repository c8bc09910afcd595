import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../api/list.schemas.ts';
import { idSchema } from '../api/params.schemas.ts';

// Projects: a user's folders of analyses (docs/product/screens.md).

export const PROJECT_NAME_MAX = 200;
/** Projects one account may hold (archived ones count): a list stays a list, storage stays bounded. */
export const MAX_PROJECTS_PER_USER = 200;

export const projectNameSchema = z
  .string({ message: 'Project name is required' })
  .trim()
  .min(1, 'Project name is required')
  .max(PROJECT_NAME_MAX, `Project name must be ${PROJECT_NAME_MAX} characters or less`);

const tagsSchema = z.array(z.string().trim().min(1).max(50)).max(20);

export const projectCreateSchema = z.strictObject({
  name: projectNameSchema,
  description: z.string().trim().max(2000).optional(),
  tags: tagsSchema.default([]),
});
export const projectUpdateSchema = z.strictObject({
  name: projectNameSchema.optional(),
  description: z.string().trim().max(2000).nullable().optional(),
  tags: tagsSchema.optional(),
  archived: z.boolean().optional(),
});
export const projectAnalysisBodySchema = z.strictObject({ searchId: z.number().int().min(1).max(2_147_483_647) });
export const projectAnalysisParamsSchema = z.object({ id: idSchema, searchId: idSchema });
export type ProjectInput = z.input<typeof projectCreateSchema>;
export type ProjectUpdate = z.input<typeof projectUpdateSchema>;

export const projectListQuerySchema = listQuerySchema({ defaultPageSize: 50 });

export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  analyses: z.array(z.object({ id: z.number().int(), query: z.string(), timestamp: z.string() })),
});
export type ProjectDto = z.infer<typeof projectSchema>;

export const projectPageSchema = pageSchema(projectSchema);
export type ProjectPage = z.infer<typeof projectPageSchema>;

export const projectAnalysisLinkSchema = z.object({ projectId: z.number().int(), searchId: z.number().int() });
export const projectDeletedSchema = z.object({ id: z.number().int() });
