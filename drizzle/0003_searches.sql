CREATE TABLE "project_analyses" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"search_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"search_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"feasibility" integer NOT NULL,
	"market_potential" text NOT NULL,
	"innovation_score" integer NOT NULL,
	"market_size" integer NOT NULL,
	"gap_reason" text NOT NULL,
	"is_saved" boolean DEFAULT false NOT NULL,
	"saved_at" timestamp with time zone,
	"confidence_score" integer DEFAULT 75 NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"actionable_recommendations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"competitor_analysis" text NOT NULL,
	"industry_context" text NOT NULL,
	"target_audience" text NOT NULL,
	"key_trends" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opportunity_score" real NOT NULL,
	"relevance" real NOT NULL,
	"latest_evidence_date" text,
	"cell" jsonb NOT NULL,
	"competitors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"breakdown" jsonb NOT NULL,
	"risk_flags" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"query" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"results_count" integer DEFAULT 0 NOT NULL,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"filters" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"engine" text NOT NULL,
	"composer_mode" text NOT NULL,
	"composer_model" text,
	"composer_error" text,
	"tokens_used" integer,
	"corpus_version" text NOT NULL,
	"corpus_kind" text NOT NULL,
	"corpus_sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rubric_version" text NOT NULL,
	"semantic_retrieval" boolean DEFAULT false NOT NULL,
	"retrieval_note" text,
	"facets" jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_analyses" ADD CONSTRAINT "project_analyses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_analyses" ADD CONSTRAINT "project_analyses_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_results" ADD CONSTRAINT "search_results_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "searches" ADD CONSTRAINT "searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_analyses_pair_unique" ON "project_analyses" USING btree ("project_id","search_id");--> statement-breakpoint
CREATE INDEX "project_analyses_search_idx" ON "project_analyses" USING btree ("search_id");--> statement-breakpoint
CREATE INDEX "projects_user_idx" ON "projects" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "search_results_search_idx" ON "search_results" USING btree ("search_id","rank");--> statement-breakpoint
CREATE INDEX "search_results_saved_idx" ON "search_results" USING btree ("is_saved") WHERE "search_results"."is_saved";--> statement-breakpoint
CREATE INDEX "searches_user_timestamp_idx" ON "searches" USING btree ("user_id","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "searches_timestamp_idx" ON "searches" USING btree ("timestamp");