CREATE TABLE "item_prices" (
	"item_def_id" integer NOT NULL,
	"exter" smallint NOT NULL,
	"price_units" bigint NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_prices_item_def_id_exter_pk" PRIMARY KEY("item_def_id","exter"),
	CONSTRAINT "item_prices_exter_ck" CHECK ("item_prices"."exter" between 1 and 6),
	CONSTRAINT "item_prices_price_ck" CHECK ("item_prices"."price_units" > 0 and "item_prices"."price_units" % 100 = 0)
);
--> statement-breakpoint
ALTER TABLE "item_prices" ADD CONSTRAINT "item_prices_item_def_id_item_defs_id_fk" FOREIGN KEY ("item_def_id") REFERENCES "public"."item_defs"("id") ON DELETE no action ON UPDATE no action;