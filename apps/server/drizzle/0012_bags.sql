CREATE TABLE "bag_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text,
	"kind" text NOT NULL,
	"name_zh_cn" text NOT NULL,
	"name_zh_tw" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"per_grant" smallint DEFAULT 1 NOT NULL,
	"min_recharge_units" bigint DEFAULT 1 NOT NULL,
	"vip_levels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"table_version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bag_campaigns_kind_ck" CHECK ("bag_campaigns"."kind" in ('daily_recharge', 'vip_level', 'grant')),
	CONSTRAINT "bag_campaigns_window_ck" CHECK ("bag_campaigns"."starts_at" is null or "bag_campaigns"."ends_at" is null or "bag_campaigns"."starts_at" < "bag_campaigns"."ends_at"),
	CONSTRAINT "bag_campaigns_per_grant_ck" CHECK ("bag_campaigns"."per_grant" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "bag_tables" (
	"campaign_id" integer NOT NULL,
	"version" integer NOT NULL,
	"entries" jsonb NOT NULL,
	"table_hash" text NOT NULL,
	"ev_units" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bag_tables_campaign_id_version_pk" PRIMARY KEY("campaign_id","version")
);
--> statement-breakpoint
CREATE TABLE "user_bags" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"amount_units" bigint,
	"table_version" integer,
	"table_hash" text,
	"seed_id" integer,
	"client_seed" text,
	"nonce" integer,
	"ticket" integer,
	"transfer_id" bigint,
	CONSTRAINT "user_bags_state_ck" CHECK ("user_bags"."state" in (0, 1)),
	CONSTRAINT "user_bags_opened_ck" CHECK (("user_bags"."state" = 0) = ("user_bags"."opened_at" is null) and ("user_bags"."state" = 0) = ("user_bags"."amount_units" is null))
);
--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "bags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD COLUMN "bags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bag_campaigns_slug_uq" ON "bag_campaigns" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "user_bags_source_uq" ON "user_bags" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "user_bags_user_idx" ON "user_bags" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_bags_unopened_idx" ON "user_bags" USING btree ("user_id","id") WHERE "user_bags"."state" = 0;--> statement-breakpoint
CREATE INDEX "user_bags_campaign_idx" ON "user_bags" USING btree ("campaign_id","state");