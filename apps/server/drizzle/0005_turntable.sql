CREATE TABLE "game_seed_chains" (
	"id" serial PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"top_seed" text NOT NULL,
	"length" integer NOT NULL,
	"terminal_hash" text NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "turntable_stakes" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"areas" bigint[] NOT NULL,
	"total_units" bigint DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"bet_ids" text[] NOT NULL,
	"won_units" bigint DEFAULT 0 NOT NULL,
	"jackpot_units" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "turntable_stakes_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "game_seed_chains_game_idx" ON "game_seed_chains" USING btree ("game","id");--> statement-breakpoint
CREATE INDEX "turntable_stakes_user_idx" ON "turntable_stakes" USING btree ("user_id","room_id");--> statement-breakpoint
CREATE INDEX "turntable_stakes_jackpot_idx" ON "turntable_stakes" USING btree ("room_id") WHERE "turntable_stakes"."jackpot_units" > 0;