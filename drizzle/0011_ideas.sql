CREATE TABLE "idea_hypotheses" (
	"id" serial PRIMARY KEY NOT NULL,
	"idea_id" integer NOT NULL,
	"key" text NOT NULL,
	"rank" integer NOT NULL,
	"based_on" text NOT NULL,
	"evidence_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"statement" text NOT NULL,
	"kill_criterion" text NOT NULL,
	"interview_script" jsonb NOT NULL,
	"status" text DEFAULT 'untested' NOT NULL,
	"result" text,
	"recorded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ideas" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"target_market" text NOT NULL,
	"business_model" text NOT NULL,
	"category" text NOT NULL,
	"originality_score" integer,
	"credibility_score" integer,
	"market_gap_score" integer,
	"competition_score" integer,
	"overall_score" integer,
	"initial_investment" double precision,
	"monthly_revenue" double precision,
	"monthly_expenses" double precision,
	"break_even_months" integer,
	"projected_roi" double precision,
	"financial_projections" jsonb,
	"assumptions" jsonb NOT NULL,
	"market_size_inputs" jsonb,
	"validation" jsonb,
	"source_search_result_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_before_archive" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idea_hypotheses" ADD CONSTRAINT "idea_hypotheses_idea_id_ideas_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_source_search_result_id_search_results_id_fk" FOREIGN KEY ("source_search_result_id") REFERENCES "public"."search_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idea_hypotheses_idea_key_idx" ON "idea_hypotheses" USING btree ("idea_id","key");--> statement-breakpoint
CREATE INDEX "ideas_user_updated_idx" ON "ideas" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);