CREATE TABLE "command_item_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_item_id" integer,
	"coin_units" bigint DEFAULT 0 NOT NULL,
	"coin_transfer_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "command_item_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"item_def_id" integer,
	"exter" smallint,
	"worth_units" bigint DEFAULT 0 NOT NULL,
	"coin_units" bigint DEFAULT 0 NOT NULL,
	"uses_total" integer NOT NULL,
	"uses_left" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "command_item_codes_code_ck" CHECK (char_length("command_item_codes"."code") between 1 and 200),
	CONSTRAINT "command_item_codes_uses_ck" CHECK ("command_item_codes"."uses_left" >= 0 and "command_item_codes"."uses_left" <= "command_item_codes"."uses_total"),
	CONSTRAINT "command_item_codes_grant_ck" CHECK ("command_item_codes"."coin_units" >= 0 and "command_item_codes"."worth_units" >= 0 and ("command_item_codes"."item_def_id" is not null or "command_item_codes"."coin_units" > 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "command_item_claims_uq" ON "command_item_claims" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE INDEX "command_item_claims_user_idx" ON "command_item_claims" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "command_item_codes_code_uq" ON "command_item_codes" USING btree ("code");