CREATE TABLE "energy_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" smallint NOT NULL,
	"energy_units" bigint NOT NULL,
	"campaign_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "energy_levels_energy_ck" CHECK ("energy_levels"."energy_units" > 0),
	CONSTRAINT "energy_levels_level_ck" CHECK ("energy_levels"."level" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "free_box_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"id_number_hash" text,
	"box_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "free_boxes" (
	"kind" text PRIMARY KEY NOT NULL,
	"box_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "free_boxes_kind_ck" CHECK ("free_boxes"."kind" in ('first_charge', 'trade_link'))
);
--> statement-breakpoint
ALTER TABLE "bag_campaigns" DROP CONSTRAINT "bag_campaigns_kind_ck";--> statement-breakpoint
CREATE UNIQUE INDEX "energy_levels_level_uq" ON "energy_levels" USING btree ("level");--> statement-breakpoint
CREATE UNIQUE INDEX "free_box_claims_user_uq" ON "free_box_claims" USING btree ("kind","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "free_box_claims_id_uq" ON "free_box_claims" USING btree ("kind","id_number_hash") WHERE "free_box_claims"."id_number_hash" is not null;--> statement-breakpoint
ALTER TABLE "bag_campaigns" ADD CONSTRAINT "bag_campaigns_kind_ck" CHECK ("bag_campaigns"."kind" in ('daily_recharge', 'vip_level', 'grant', 'energy'));