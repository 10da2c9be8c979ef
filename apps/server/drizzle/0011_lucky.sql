CREATE TABLE "lucky_players" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"opening_id" integer NOT NULL,
	"request_row_id" integer NOT NULL,
	"box_id" integer NOT NULL,
	"window_id" integer NOT NULL,
	"award_units" bigint NOT NULL,
	"transfer_id" bigint NOT NULL,
	"box_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lucky_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"award_units" bigint NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_by" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "box_openings" ADD COLUMN "lucky_roll" smallint;--> statement-breakpoint
CREATE UNIQUE INDEX "lucky_players_opening_uq" ON "lucky_players" USING btree ("opening_id");--> statement-breakpoint
CREATE INDEX "lucky_players_window_idx" ON "lucky_players" USING btree ("window_id","id");--> statement-breakpoint
CREATE INDEX "lucky_players_request_idx" ON "lucky_players" USING btree ("request_row_id");--> statement-breakpoint
CREATE INDEX "lucky_windows_starts_idx" ON "lucky_windows" USING btree ("starts_at");