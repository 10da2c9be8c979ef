CREATE TABLE "player_protection" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"deposit_day" bigint,
	"deposit_week" bigint,
	"deposit_month" bigint,
	"loss_day" bigint,
	"loss_week" bigint,
	"loss_month" bigint,
	"pending" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reality_minutes" integer DEFAULT 0 NOT NULL,
	"session_started_at" timestamp with time zone,
	"session_last_at" timestamp with time zone,
	"session_next_check_at" timestamp with time zone,
	"session_staked" bigint DEFAULT 0 NOT NULL,
	"session_returned" bigint DEFAULT 0 NOT NULL,
	"cool_off_until" timestamp with time zone,
	"excluded_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_protection_reality_ck" CHECK ("player_protection"."reality_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "protection_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_usage" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"staked" bigint DEFAULT 0 NOT NULL,
	"returned" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "protection_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "guarded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "protection_log_user_idx" ON "protection_log" USING btree ("user_id","id");