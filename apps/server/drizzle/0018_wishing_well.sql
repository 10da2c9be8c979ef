CREATE TABLE "wish_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text,
	"item_def_id" integer NOT NULL,
	"exter" smallint NOT NULL,
	"name_zh_cn" text NOT NULL,
	"name_zh_tw" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"worth_units" bigint NOT NULL,
	"currency" text NOT NULL,
	"price" bigint NOT NULL,
	"chance_ppm" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wish_entries_currency_ck" CHECK ("wish_entries"."currency" in ('point', 'coin')),
	CONSTRAINT "wish_entries_price_ck" CHECK ("wish_entries"."price" > 0),
	CONSTRAINT "wish_entries_chance_ck" CHECK ("wish_entries"."chance_ppm" between 0 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "wishes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"currency" text NOT NULL,
	"price" bigint NOT NULL,
	"worth_units" bigint NOT NULL,
	"chance_ppm" integer NOT NULL,
	"seed_id" integer NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"roll" integer NOT NULL,
	"hit" boolean NOT NULL,
	"user_item_id" integer,
	"debit_transfer_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wish_entries_slug_uq" ON "wish_entries" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "wishes_request_uq" ON "wishes" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishes_seed_nonce_uq" ON "wishes" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "wishes_user_idx" ON "wishes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wishes_entry_idx" ON "wishes" USING btree ("entry_id");