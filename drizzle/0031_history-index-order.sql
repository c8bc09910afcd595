DROP INDEX "searches_user_timestamp_idx";--> statement-breakpoint
CREATE INDEX "searches_user_timestamp_idx" ON "searches" USING btree ("user_id","timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);