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
ALTER TABLE "bag_campaigns" DROP CONSTRAINT "bag_campaigns_kind_ck";--> statement-breakpoint
CREATE UNIQUE INDEX "energy_levels_level_uq" ON "energy_levels" USING btree ("level");--> statement-breakpoint
ALTER TABLE "bag_campaigns" ADD CONSTRAINT "bag_campaigns_kind_ck" CHECK ("bag_campaigns"."kind" in ('daily_recharge', 'vip_level', 'grant', 'energy'));