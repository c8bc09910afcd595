ALTER TABLE "comments" ALTER COLUMN "search_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idea_shares" ALTER COLUMN "search_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_feed" ADD COLUMN "idea_id" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "idea_id" integer;--> statement-breakpoint
ALTER TABLE "idea_shares" ADD COLUMN "idea_id" integer;--> statement-breakpoint
ALTER TABLE "activity_feed" ADD CONSTRAINT "activity_feed_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idea_shares" ADD CONSTRAINT "idea_shares_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_idea_idx" ON "comments" USING btree ("idea_id","created_at");--> statement-breakpoint
CREATE INDEX "idea_shares_idea_idx" ON "idea_shares" USING btree ("idea_id");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_one_subject" CHECK (("comments"."search_id" is null) <> ("comments"."idea_id" is null));--> statement-breakpoint
ALTER TABLE "idea_shares" ADD CONSTRAINT "idea_shares_one_subject" CHECK (("idea_shares"."search_id" is null) <> ("idea_shares"."idea_id" is null));