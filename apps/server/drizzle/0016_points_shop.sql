CREATE TABLE "points_shop_counts" (
	"user_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"total" integer NOT NULL,
	"day" text NOT NULL,
	"day_count" integer NOT NULL,
	CONSTRAINT "points_shop_counts_user_id_entry_id_pk" PRIMARY KEY("user_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "points_shop_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text,
	"kind" text NOT NULL,
	"name_zh_cn" text NOT NULL,
	"name_zh_tw" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"item_def_id" integer,
	"exter" smallint,
	"coin_units" bigint,
	"bag_campaign_id" integer,
	"bag_count" smallint,
	"worth_units" bigint NOT NULL,
	"price_points" bigint NOT NULL,
	"stock" integer,
	"limit_count" integer,
	"limit_period" text DEFAULT 'day' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "points_shop_entries_kind_ck" CHECK ("points_shop_entries"."kind" in ('item', 'coin', 'bag')),
	CONSTRAINT "points_shop_entries_goods_ck" CHECK (("points_shop_entries"."kind" = 'item') = ("points_shop_entries"."item_def_id" is not null and "points_shop_entries"."exter" is not null)
        and ("points_shop_entries"."kind" = 'coin') = ("points_shop_entries"."coin_units" is not null)
        and ("points_shop_entries"."kind" = 'bag') = ("points_shop_entries"."bag_campaign_id" is not null and "points_shop_entries"."bag_count" is not null)),
	CONSTRAINT "points_shop_entries_price_ck" CHECK ("points_shop_entries"."price_points" > 0),
	CONSTRAINT "points_shop_entries_stock_ck" CHECK ("points_shop_entries"."stock" is null or "points_shop_entries"."stock" >= 0),
	CONSTRAINT "points_shop_entries_limit_ck" CHECK ("points_shop_entries"."limit_count" is null or "points_shop_entries"."limit_count" > 0),
	CONSTRAINT "points_shop_entries_period_ck" CHECK ("points_shop_entries"."limit_period" in ('day', 'ever')),
	CONSTRAINT "points_shop_entries_window_ck" CHECK ("points_shop_entries"."starts_at" is null or "points_shop_entries"."ends_at" is null or "points_shop_entries"."starts_at" < "points_shop_entries"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "points_shop_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"price_points" bigint NOT NULL,
	"worth_units" bigint NOT NULL,
	"user_item_id" integer,
	"coin_units" bigint,
	"bag_campaign_id" integer,
	"bag_count" smallint,
	"debit_transfer_id" bigint,
	"coin_transfer_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "points_shop_entries_slug_uq" ON "points_shop_entries" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "points_shop_purchases_request_uq" ON "points_shop_purchases" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "points_shop_purchases_user_idx" ON "points_shop_purchases" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "points_shop_purchases_entry_idx" ON "points_shop_purchases" USING btree ("entry_id");