import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Page } from '#shared/api/list.schemas.ts';
import type { ContributionDto, ContributionReview } from '#shared/resources/resources.schemas.ts';
import type { Database } from '../../db/client.ts';
import {
  resourceCategories,
  resourceContributions,
  resources,
  userPreferences,
  users,
  type ResourceContributionRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { defineJob, type JobQueue } from '../../lib/jobs/job.ts';
import { paginate } from '../../lib/http/paginate.ts';
import { setResourceTags } from './resource-tags.service.ts';

// Suggestions from users: pending until an admin approves (which creates the resource) or rejects
// them with a note. The contributor is told by e-mail (a durable job) unless they turned
// contribution updates off, and sees the status and the note on /contributions.

type Row = {
  c: ResourceContributionRow;
  categoryName: string | null;
  categorySlug: string | null;
  userName: string | null;
};

function toDto(r: Row): ContributionDto {
  const { c } = r;
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    url: c.url,
    suggestedCategory:
      c.suggestedCategoryId !== null && r.categoryName !== null && r.categorySlug !== null
        ? { id: c.suggestedCategoryId, name: r.categoryName, slug: r.categorySlug }
        : null,
    suggestedTags: c.suggestedTags,
    status: c.status,
    adminNotes: c.adminNotes,
    reviewedAt: c.reviewedAt?.toISOString() ?? null,
    resourceId: c.resourceId,
    createdAt: c.createdAt.toISOString(),
    contributorName: r.userName,
  };
}

function selectRows(db: Database) {
  return db
    .select({
      c: resourceContributions,
      categoryName: resourceCategories.name,
      categorySlug: resourceCategories.slug,
      userName: users.name,
    })
    .from(resourceContributions)
    .leftJoin(resourceCategories, eq(resourceCategories.id, resourceContributions.suggestedCategoryId))
    .innerJoin(users, eq(users.id, resourceContributions.userId));
}

async function oneDto(db: Database, id: number): Promise<ContributionDto> {
  const [row] = await selectRows(db).where(eq(resourceContributions.id, id));
  if (!row) throw notFound('The suggestion');
  return toDto(row);
}

export async function createContribution(options: {
  db: Database;
  userId: number;
  now: Date;
  input: {
    title: string;
    description: string;
    url: string;
    suggestedCategoryId?: number | undefined;
    suggestedTags: string[];
  };
}): Promise<ContributionDto> {
  const { db, userId, now, input } = options;
  if (input.suggestedCategoryId !== undefined) {
    const [category] = await db
      .select({ id: resourceCategories.id })
      .from(resourceCategories)
      .where(eq(resourceCategories.id, input.suggestedCategoryId));
    if (!category)
      throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', {
        suggestedCategoryId: 'Choose a category from the list',
      });
  }
  const [row] = await db
    .insert(resourceContributions)
    .values({
      userId,
      title: input.title,
      description: input.description,
      url: input.url,
      suggestedCategoryId: input.suggestedCategoryId ?? null,
      suggestedTags: [...new Set(input.suggestedTags)],
      createdAt: now,
    })
    .returning({ id: resourceContributions.id });
  if (!row) throw new Error('insert failed');
  return oneDto(db, row.id);
}

type ListQuery = {
  page: number;
  pageSize: number;
  cursor?: string | undefined;
  status?: 'pending' | 'approved' | 'rejected' | undefined;
};

export async function listContributions(options: {
  db: Database;
  /** The contributor (their own list) or null for the admin queue (every user's). */
  userId: number | null;
  query: ListQuery;
}): Promise<Page<ContributionDto>> {
  const { db, userId, query } = options;
  // The admin queue reads oldest first (first come, first reviewed); a user's list newest first.
  const direction = userId === null ? 'asc' : 'desc';
  const order = direction === 'asc' ? asc : desc;
  const page = await paginate({
    query,
    keyset: [
      { column: resourceContributions.createdAt, direction, value: (r: Row) => r.c.createdAt },
      { column: resourceContributions.id, direction, value: (r: Row) => r.c.id },
    ],
    fetch: ({ limit, offset, after }) =>
      selectRows(db)
        .where(
          and(
            userId === null ? undefined : eq(resourceContributions.userId, userId),
            query.status ? eq(resourceContributions.status, query.status) : undefined,
            after,
          ),
        )
        .orderBy(order(resourceContributions.createdAt), order(resourceContributions.id))
        .limit(limit)
        .offset(offset),
  });
  return { ...page, items: page.items.map(toDto) };
}

export const contributionReviewedJob = defineJob({
  name: 'resources.contribution-reviewed',
  payload: z.object({ contributionId: z.number().int() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  timeoutSeconds: 60,
  handle: async (payload, { deps }) => {
    const [row] = await deps.db
      .select({
        status: resourceContributions.status,
        title: resourceContributions.title,
        adminNotes: resourceContributions.adminNotes,
        email: users.email,
        prefs: userPreferences.notificationPreferences,
      })
      .from(resourceContributions)
      .innerJoin(users, eq(users.id, resourceContributions.userId))
      .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
      .where(eq(resourceContributions.id, payload.contributionId));
    if (!row || row.status === 'pending' || row.prefs?.contributionUpdates === false) return;
    const isApproved = row.status === 'approved';
    const lines = [
      isApproved
        ? `Your suggestion "${row.title}" was approved and is now in the Unbuilt resource library.`
        : `Your suggestion "${row.title}" was not added to the Unbuilt resource library.`,
      row.adminNotes ? `Reviewer's note: ${row.adminNotes}` : null,
      `See all your suggestions: ${deps.env.PUBLIC_URL}/contributions`,
    ];
    await deps.mailer.sendMail({
      to: row.email,
      subject: isApproved ? 'Your resource suggestion was approved' : 'About your resource suggestion',
      text: lines.filter(Boolean).join('\n\n'),
    });
  },
});

/** Approve (creating the resource in the same transaction) or reject a pending suggestion. */
export async function reviewContribution(options: {
  db: Database;
  jobs: JobQueue;
  adminId: number;
  id: number;
  now: Date;
  review: ContributionReview;
}): Promise<ContributionDto> {
  const { db, jobs, adminId, id, now, review } = options;
  await db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(resourceContributions)
      .where(eq(resourceContributions.id, id))
      .for('update');
    if (!pending) throw notFound('The suggestion');
    if (pending.status !== 'pending') throw new AppError('CONFLICT', 'This suggestion has already been reviewed.');
    let resourceId: number | null = null;
    if (review.decision === 'approve') {
      const [category] = await tx
        .select({ id: resourceCategories.id })
        .from(resourceCategories)
        .where(eq(resourceCategories.id, review.categoryId));
      if (!category)
        throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', {
          categoryId: 'Choose a category from the list',
        });
      const [existing] = await tx.select({ id: resources.id }).from(resources).where(eq(resources.url, pending.url));
      if (existing) throw new AppError('CONFLICT', 'A resource with this URL is already in the library.');
      const [created] = await tx
        .insert(resources)
        .values({
          title: pending.title,
          description: pending.description,
          url: pending.url,
          resourceType: review.resourceType,
          categoryId: review.categoryId,
          phaseRelevance: review.phaseRelevance,
          ideaTypes: review.ideaTypes,
          difficultyLevel: review.difficultyLevel,
          estimatedTimeMinutes: review.estimatedTimeMinutes,
          metadata: { attribution: 'Suggested by a user', lastCheckedAt: now.toISOString().slice(0, 10) },
          createdBy: pending.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: resources.id });
      if (!created) throw new Error('insert failed');
      resourceId = created.id;
      await setResourceTags(tx, resourceId, pending.suggestedTags);
    }
    await tx
      .update(resourceContributions)
      .set({
        status: review.decision === 'approve' ? 'approved' : 'rejected',
        adminNotes: review.adminNotes?.length ? review.adminNotes : null,
        reviewedBy: adminId,
        reviewedAt: now,
        resourceId,
      })
      .where(eq(resourceContributions.id, id));
  });
  await jobs.enqueue(contributionReviewedJob, { contributionId: id }, { key: `contribution-reviewed:${id}` });
  return oneDto(db, id);
}
