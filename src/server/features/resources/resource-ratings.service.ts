import { and, desc, eq, sql } from 'drizzle-orm';
import type { ReviewDto } from '#shared/resources/resources.schemas.ts';
import type { Database } from '../../db/client.ts';
import { resourceRatings, resourceReviewVotes, resources, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { assertUsable, RESOURCE_LABEL, type Viewer } from './resource-summary.service.ts';

// Ratings and reviews: one rating per user per resource, the resource's average kept exact under
// concurrent ratings, reviews shown most helpful first, one "helpful" vote per user.

const REVIEWS_SHOWN = 20;

export async function reviewsOf(db: Database, userId: number, resourceId: number): Promise<ReviewDto[]> {
  const rows = await db
    .select({
      id: resourceRatings.id,
      rating: resourceRatings.rating,
      review: resourceRatings.review,
      helpfulCount: resourceRatings.isHelpfulCount,
      authorId: resourceRatings.userId,
      name: users.name,
      email: users.email,
      updatedAt: resourceRatings.updatedAt,
      voted: sql<boolean>`exists (select 1 from ${resourceReviewVotes} where ${resourceReviewVotes.ratingId} = ${resourceRatings.id} and ${resourceReviewVotes.userId} = ${userId})`,
    })
    .from(resourceRatings)
    .innerJoin(users, eq(users.id, resourceRatings.userId))
    .where(eq(resourceRatings.resourceId, resourceId))
    .orderBy(desc(resourceRatings.isHelpfulCount), desc(resourceRatings.updatedAt), desc(resourceRatings.id))
    .limit(REVIEWS_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    review: r.review,
    helpfulCount: r.helpfulCount,
    // Reviewers are shown by first name or e-mail prefix, never the full address.
    authorName: r.name?.trim().split(/\s+/)[0] ?? r.email.split('@')[0] ?? 'A user',
    isMine: r.authorId === userId,
    hasVotedHelpful: Boolean(r.voted),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/**
 * One rating per user per resource (a second one replaces the first). The resource row is locked
 * first, so concurrent ratings recompute the average one after another and it stays exact.
 */
export async function rateResource(options: {
  db: Database;
  viewer: Viewer;
  resourceId: number;
  input: { rating: number; review?: string | undefined };
}): Promise<{ rating: number; review: string | null; averageRating: number; ratingCount: number }> {
  const { db, viewer, resourceId, input } = options;
  await assertUsable(db, viewer, resourceId);
  const review = input.review?.length ? input.review : null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${resources} where ${resources.id} = ${resourceId} for update`);
    await tx
      .insert(resourceRatings)
      .values({
        userId: viewer.user.id,
        resourceId,
        rating: input.rating,
        review,
        createdAt: viewer.now,
        updatedAt: viewer.now,
      })
      .onConflictDoUpdate({
        target: [resourceRatings.userId, resourceRatings.resourceId],
        set: { rating: input.rating, review, updatedAt: viewer.now },
      });
    const [stats] = await tx
      .update(resources)
      .set({
        averageRating: sql`(select coalesce(avg(${resourceRatings.rating}), 0)::float8 from ${resourceRatings} where ${resourceRatings.resourceId} = ${resourceId})`,
        ratingCount: sql`(select count(*)::int from ${resourceRatings} where ${resourceRatings.resourceId} = ${resourceId})`,
      })
      .where(eq(resources.id, resourceId))
      .returning({ averageRating: resources.averageRating, ratingCount: resources.ratingCount });
    if (!stats) throw notFound(RESOURCE_LABEL);
    return { rating: input.rating, review, ...stats };
  });
}

/** A "helpful" vote on someone else's review, once per user (a repeat changes nothing). */
export async function voteHelpful(options: {
  db: Database;
  userId: number;
  ratingId: number;
}): Promise<{ id: number; helpfulCount: number }> {
  const { db, userId, ratingId } = options;
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ userId: resourceRatings.userId, count: resourceRatings.isHelpfulCount })
      .from(resourceRatings)
      .innerJoin(resources, eq(resources.id, resourceRatings.resourceId))
      .where(and(eq(resourceRatings.id, ratingId), eq(resources.isActive, true)));
    if (!review) throw notFound('The review');
    if (review.userId === userId) throw new AppError('BAD_REQUEST', 'You cannot mark your own review as helpful.');
    const [vote] = await tx
      .insert(resourceReviewVotes)
      .values({ ratingId, userId })
      .onConflictDoNothing()
      .returning({ ratingId: resourceReviewVotes.ratingId });
    if (!vote) return { id: ratingId, helpfulCount: review.count };
    const [updated] = await tx
      .update(resourceRatings)
      .set({ isHelpfulCount: sql`${resourceRatings.isHelpfulCount} + 1` })
      .where(eq(resourceRatings.id, ratingId))
      .returning({ helpfulCount: resourceRatings.isHelpfulCount });
    return { id: ratingId, helpfulCount: updated?.helpfulCount ?? review.count + 1 };
  });
}
