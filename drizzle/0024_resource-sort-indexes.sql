DROP INDEX "resources_created_idx";--> statement-breakpoint
CREATE INDEX "resources_newest_idx" ON "resources" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "resources"."is_active";--> statement-breakpoint
CREATE INDEX "resources_rating_idx" ON "resources" USING btree ("average_rating" DESC NULLS FIRST,"rating_count" DESC NULLS FIRST,"id") WHERE "resources"."is_active";--> statement-breakpoint
CREATE INDEX "resources_bookmarks_idx" ON "resources" USING btree ("bookmark_count" DESC NULLS FIRST,"id") WHERE "resources"."is_active";--> statement-breakpoint
CREATE INDEX "resources_popular_idx" ON "resources" USING btree ("average_rating" DESC NULLS FIRST,"bookmark_count" DESC NULLS FIRST,"title","id") WHERE "resources"."is_active";