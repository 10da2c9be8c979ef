CREATE TABLE "case_defs" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_zh_cn" text NOT NULL,
	"name_zh_tw" text NOT NULL,
	"name_en" text NOT NULL,
	"image" text NOT NULL,
	"specials_image" text,
	"item_ids" integer[] NOT NULL,
	"special_item_ids" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_defs" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_zh_cn" text NOT NULL,
	"name_zh_tw" text NOT NULL,
	"name_en" text NOT NULL,
	"weapon_class" text NOT NULL,
	"quality" smallint NOT NULL,
	"wear_min" real,
	"wear_max" real,
	"stat_trak" boolean NOT NULL,
	"special" boolean NOT NULL,
	"image" text NOT NULL,
	"base_price_units" bigint NOT NULL,
	CONSTRAINT "item_defs_quality_ck" CHECK ("item_defs"."quality" between 0 and 7),
	CONSTRAINT "item_defs_price_ck" CHECK ("item_defs"."base_price_units" > 0),
	CONSTRAINT "item_defs_wear_ck" CHECK (("item_defs"."wear_min" is null) = ("item_defs"."wear_max" is null) and "item_defs"."wear_min" <= "item_defs"."wear_max")
);
--> statement-breakpoint
CREATE TABLE "box_openings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"box_id" integer NOT NULL,
	"item_def_id" integer NOT NULL,
	"price_units" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pk_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_state" smallint DEFAULT 1 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upgrade_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zh_cn" text NOT NULL,
	"title_zh_tw" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"path" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zh_cn" text NOT NULL,
	"title_zh_tw" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"img" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bgm_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"link" text NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "host_profiles" (
	"host" text PRIMARY KEY NOT NULL,
	"icp" text DEFAULT '' NOT NULL,
	"police_filing" text DEFAULT '' NOT NULL,
	"show_about_us" boolean DEFAULT false NOT NULL,
	"show_app" boolean DEFAULT true NOT NULL,
	"hide_invite" boolean DEFAULT false NOT NULL,
	"invite_code" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nav_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zh_cn" text NOT NULL,
	"title_zh_tw" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"path" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"need_login" smallint DEFAULT 1 NOT NULL,
	"badge" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_zh_cn" text NOT NULL,
	"content_zh_tw" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"nick_name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"game_type" smallint DEFAULT 0 NOT NULL,
	"reward_history_type" smallint DEFAULT 1 NOT NULL,
	"jewelry_rarity" smallint DEFAULT 1 NOT NULL,
	"item_def_id" integer,
	"item_img" text NOT NULL,
	"item_name" text DEFAULT '' NOT NULL,
	"item_price_units" bigint NOT NULL,
	"box_img" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"nick_name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"account_type" smallint DEFAULT 1 NOT NULL,
	"vip_level" smallint DEFAULT 0 NOT NULL,
	"invite_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "box_openings_user_idx" ON "box_openings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pk_rooms_state_idx" ON "pk_rooms" USING btree ("room_state");--> statement-breakpoint
CREATE UNIQUE INDEX "bgm_tracks_link_uq" ON "bgm_tracks" USING btree ("link");--> statement-breakpoint
CREATE UNIQUE INDEX "nav_items_path_uq" ON "nav_items" USING btree ("path");