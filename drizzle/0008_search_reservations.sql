CREATE TABLE "search_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"quota_month" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_reservations" ADD CONSTRAINT "search_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_reservations_user_idx" ON "search_reservations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "search_reservations_expires_idx" ON "search_reservations" USING btree ("expires_at");