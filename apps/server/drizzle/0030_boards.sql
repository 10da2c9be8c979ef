CREATE TABLE "board_closures" (
	"board" text NOT NULL,
	"period" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "board_closures_board_period_pk" PRIMARY KEY("board","period")
);
--> statement-breakpoint
CREATE TABLE "board_prizes" (
	"board" text NOT NULL,
	"period" text NOT NULL,
	"rank" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"score" bigint NOT NULL,
	"prize_units" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "board_prizes_board_period_rank_pk" PRIMARY KEY("board","period","rank")
);
--> statement-breakpoint
CREATE TABLE "board_scores" (
	"board" text NOT NULL,
	"period" text NOT NULL,
	"user_id" integer NOT NULL,
	"score" bigint NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"ref_id" bigint,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "board_scores_board_period_user_id_pk" PRIMARY KEY("board","period","user_id")
);
--> statement-breakpoint
CREATE TABLE "board_settings" (
	"board" text NOT NULL,
	"period" text NOT NULL,
	"enabled" boolean NOT NULL,
	"prizes" bigint[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "board_settings_board_period_pk" PRIMARY KEY("board","period")
);
--> statement-breakpoint
CREATE TABLE "cup_fixtures" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"stage_zh_cn" text DEFAULT '' NOT NULL,
	"stage_zh_tw" text DEFAULT '' NOT NULL,
	"stage_en" text DEFAULT '' NOT NULL,
	"home_zh_cn" text NOT NULL,
	"home_zh_tw" text DEFAULT '' NOT NULL,
	"home_en" text DEFAULT '' NOT NULL,
	"home_flag" text DEFAULT '' NOT NULL,
	"away_zh_cn" text NOT NULL,
	"away_zh_tw" text DEFAULT '' NOT NULL,
	"away_en" text DEFAULT '' NOT NULL,
	"away_flag" text DEFAULT '' NOT NULL,
	"kickoff_at" timestamp with time zone NOT NULL,
	"odds_home_bp" integer NOT NULL,
	"odds_draw_bp" integer,
	"odds_away_bp" integer NOT NULL,
	"max_stake" integer NOT NULL,
	"result" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cup_predictions" (
	"id" serial PRIMARY KEY NOT NULL,
	"fixture_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pick" text NOT NULL,
	"stake" bigint NOT NULL,
	"odds_bp" integer NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "cup_predictions_stake_ck" CHECK ("cup_predictions"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "cup_tournaments" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zh_cn" text NOT NULL,
	"title_zh_tw" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"rules_zh_cn" text DEFAULT '' NOT NULL,
	"rules_zh_tw" text DEFAULT '' NOT NULL,
	"rules_en" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pk_power_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zh_cn" text NOT NULL,
	"title_zh_tw" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"create_power" integer NOT NULL,
	"win_power" integer NOT NULL,
	"prizes" bigint[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pk_power_events_time_ck" CHECK ("pk_power_events"."ends_at" > "pk_power_events"."starts_at")
);
--> statement-breakpoint
CREATE INDEX "board_closures_time_idx" ON "board_closures" USING btree ("closed_at");--> statement-breakpoint
CREATE INDEX "board_prizes_user_idx" ON "board_prizes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "board_scores_rank_idx" ON "board_scores" USING btree ("board","period","score" desc,"reached_at","user_id");--> statement-breakpoint
CREATE INDEX "cup_fixtures_tournament_idx" ON "cup_fixtures" USING btree ("tournament_id","kickoff_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cup_predictions_fixture_user_uq" ON "cup_predictions" USING btree ("fixture_id","user_id");--> statement-breakpoint
CREATE INDEX "cup_predictions_user_idx" ON "cup_predictions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "pk_power_events_time_idx" ON "pk_power_events" USING btree ("starts_at","ends_at");