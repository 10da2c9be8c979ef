CREATE TABLE "sign_in_rewards" (
	"day" smallint PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"coin_units" bigint DEFAULT 0 NOT NULL,
	"bag_campaign_id" integer,
	"bag_count" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_rewards_day_ck" CHECK ("sign_in_rewards"."day" between 1 and 7),
	CONSTRAINT "sign_in_rewards_amounts_ck" CHECK ("sign_in_rewards"."points" >= 0 and "sign_in_rewards"."coin_units" >= 0 and "sign_in_rewards"."bag_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"cycle_day" smallint NOT NULL,
	"streak" integer NOT NULL,
	"points" integer NOT NULL,
	"coin_units" bigint NOT NULL,
	"bag_campaign_id" integer,
	"bag_count" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "rules_zh_cn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "rules_zh_tw" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "rules_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_ins_user_day_uq" ON "sign_ins" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "sign_ins_day_idx" ON "sign_ins" USING btree ("day");