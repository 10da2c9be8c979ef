CREATE TABLE "steam_bot_assets" (
	"bot" text NOT NULL,
	"asset_id" text NOT NULL,
	"market_hash_name" text NOT NULL,
	"item_def_id" integer,
	"exter" smallint,
	"reserved_offer_id" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "steam_bot_assets_bot_asset_id_pk" PRIMARY KEY("bot","asset_id")
);
--> statement-breakpoint
CREATE TABLE "steam_offers" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"bot" text NOT NULL,
	"steam_offer_id" text NOT NULL,
	"security_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "steam_offers_steam_offer_id_unique" UNIQUE("steam_offer_id")
);
--> statement-breakpoint
CREATE INDEX "steam_bot_assets_free_idx" ON "steam_bot_assets" USING btree ("item_def_id","exter","bot") WHERE "steam_bot_assets"."reserved_offer_id" is null;--> statement-breakpoint
CREATE INDEX "steam_bot_assets_offer_idx" ON "steam_bot_assets" USING btree ("reserved_offer_id");--> statement-breakpoint
CREATE INDEX "steam_offers_bot_idx" ON "steam_offers" USING btree ("bot");