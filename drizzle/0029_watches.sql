CREATE TABLE "corpus_refreshes" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"status" varchar(12) NOT NULL,
	"version" text,
	"previous_version" text,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"reruns_enqueued" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"watch_id" integer NOT NULL,
	"corpus_version" text NOT NULL,
	"kind" varchar(10) NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"snapshot" jsonb NOT NULL,
	"diff" jsonb,
	"changes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"search_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_runs" ADD CONSTRAINT "watch_runs_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corpus_refreshes_started_idx" ON "corpus_refreshes" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "watch_runs_version_idx" ON "watch_runs" USING btree ("watch_id","corpus_version");--> statement-breakpoint
CREATE INDEX "watch_runs_watch_idx" ON "watch_runs" USING btree ("watch_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "watches_search_idx" ON "watches" USING btree ("search_id");--> statement-breakpoint
CREATE INDEX "watches_user_idx" ON "watches" USING btree ("user_id");