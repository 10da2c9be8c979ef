CREATE TABLE "rain_packets" (
	"round_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"amount_units" bigint NOT NULL,
	"user_id" integer,
	"grabbed_at" timestamp with time zone,
	CONSTRAINT "rain_packets_round_id_idx_pk" PRIMARY KEY("round_id","idx"),
	CONSTRAINT "rain_packets_amount_ck" CHECK ("rain_packets"."amount_units" > 0),
	CONSTRAINT "rain_packets_grab_ck" CHECK (("rain_packets"."user_id" is null) = ("rain_packets"."grabbed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "rain_rounds" (
	"room_id" integer PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rain_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"timing" jsonb NOT NULL,
	"pool_units" bigint NOT NULL,
	"packet_count" integer NOT NULL,
	"min_packet_units" bigint NOT NULL,
	"min_vip_level" smallint DEFAULT 0 NOT NULL,
	"recharge_days" smallint DEFAULT 0 NOT NULL,
	"seed_key" text,
	"created_by" integer NOT NULL,
	"updated_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rain_schedules_params_ck" CHECK ("rain_schedules"."packet_count" > 0 and "rain_schedules"."min_packet_units" > 0
      and "rain_schedules"."pool_units" >= "rain_schedules"."packet_count" * "rain_schedules"."min_packet_units")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rain_packets_user_uq" ON "rain_packets" USING btree ("round_id","user_id") WHERE "rain_packets"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "rain_packets_user_idx" ON "rain_packets" USING btree ("user_id","round_id") WHERE "rain_packets"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rain_rounds_window_uq" ON "rain_rounds" USING btree ("schedule_id","start_at");--> statement-breakpoint
CREATE INDEX "rain_rounds_start_idx" ON "rain_rounds" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "rain_rounds_state_idx" ON "rain_rounds" USING btree ("state","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rain_schedules_seed_key_uq" ON "rain_schedules" USING btree ("seed_key");