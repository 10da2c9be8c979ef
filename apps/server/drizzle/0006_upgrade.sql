-- upgrade_records was a placeholder that nothing but a footer test wrote: its rows, if any, hold no
-- stake or roll to keep, and would fail the NOT NULL columns added below.
DELETE FROM "upgrade_records";--> statement-breakpoint
CREATE TABLE "upgrade_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_def_id" integer NOT NULL,
	"exter" smallint NOT NULL,
	"price_units" bigint NOT NULL,
	"show_rate" integer DEFAULT 100 NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	CONSTRAINT "upgrade_items_price_ck" CHECK ("upgrade_items"."price_units" > 0),
	CONSTRAINT "upgrade_items_show_rate_ck" CHECK ("upgrade_items"."show_rate" >= 0)
);
--> statement-breakpoint
ALTER TABLE "upgrade_records" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "request_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "upgrade_item_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "target_item_def_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "target_exter" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "target_price_units" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "stake_item_ids" integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "stake_item_prices" bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "stake_balance_units" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "stake_units" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "rate_ppm" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "house_edge_ppm" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "max_rate_ppm" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "seed_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "client_seed" text NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "nonce" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "roll" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "success" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "user_item_id" integer;--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD COLUMN "transfer_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "upgrade_items_item_uq" ON "upgrade_items" USING btree ("item_def_id","exter");--> statement-breakpoint
CREATE INDEX "upgrade_items_price_idx" ON "upgrade_items" USING btree ("price_units","id");--> statement-breakpoint
CREATE UNIQUE INDEX "upgrade_records_request_uq" ON "upgrade_records" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "upgrade_records_user_idx" ON "upgrade_records" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "upgrade_records_target_idx" ON "upgrade_records" USING btree ("upgrade_item_id","id");--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD CONSTRAINT "upgrade_records_rate_ck" CHECK ("upgrade_records"."rate_ppm" between 1 and 999999);--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD CONSTRAINT "upgrade_records_outcome_ck" CHECK ("upgrade_records"."success" = ("upgrade_records"."roll" < "upgrade_records"."rate_ppm"));--> statement-breakpoint
ALTER TABLE "upgrade_records" ADD CONSTRAINT "upgrade_records_stake_ck" CHECK ("upgrade_records"."stake_units" > 0 and "upgrade_records"."stake_balance_units" >= 0);