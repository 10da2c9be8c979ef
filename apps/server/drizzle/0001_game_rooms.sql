CREATE TABLE "game_room_members" (
	"room_id" integer NOT NULL,
	"seat" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"robot" smallint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_room_members_room_id_seat_pk" PRIMARY KEY("room_id","seat")
);
--> statement-breakpoint
CREATE TABLE "game_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"state" text NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"public_seed" text,
	"beacon_round" bigint,
	"data" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "game_room_members_user_uq" ON "game_room_members" USING btree ("room_id","user_id");--> statement-breakpoint
CREATE INDEX "game_room_members_user_idx" ON "game_room_members" USING btree ("user_id","room_id");--> statement-breakpoint
CREATE INDEX "game_rooms_game_state_idx" ON "game_rooms" USING btree ("game","state","id");--> statement-breakpoint
CREATE INDEX "game_rooms_due_idx" ON "game_rooms" USING btree ("due_at") WHERE "game_rooms"."due_at" is not null;