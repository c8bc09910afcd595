CREATE TABLE "market_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"market" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"corpus_version" text NOT NULL,
	"corpus_kind" text NOT NULL,
	"counted_as_search" boolean NOT NULL,
	"report" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_reports" ADD CONSTRAINT "market_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_reports_user_created_idx" ON "market_reports" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);