CREATE TABLE "daily_task_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"day" text NOT NULL,
	"vip_level" smallint NOT NULL,
	"points" bigint NOT NULL,
	"coin_units" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_task_notices" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"task_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_task_notices_user_id_day_task_id_pk" PRIMARY KEY("user_id","day","task_id")
);
--> statement-breakpoint
CREATE TABLE "daily_task_rewards" (
	"task_id" integer NOT NULL,
	"vip_min" smallint NOT NULL,
	"vip_max" smallint NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"coin_units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_task_rewards_task_id_vip_min_pk" PRIMARY KEY("task_id","vip_min"),
	CONSTRAINT "daily_task_rewards_range_ck" CHECK ("daily_task_rewards"."vip_min" >= 0 and "daily_task_rewards"."vip_min" <= "daily_task_rewards"."vip_max"),
	CONSTRAINT "daily_task_rewards_amount_ck" CHECK ("daily_task_rewards"."points" >= 0 and "daily_task_rewards"."coin_units" >= 0 and "daily_task_rewards"."points" + "daily_task_rewards"."coin_units" > 0)
);
--> statement-breakpoint
CREATE TABLE "daily_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"name_zh_cn" text NOT NULL,
	"name_zh_tw" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"target" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_tasks_target_ck" CHECK ("daily_tasks"."target" > 0),
	CONSTRAINT "daily_tasks_kind_ck" CHECK ("daily_tasks"."kind" in ('open_box', 'battle', 'upgrade', 'turntable_bet', 'recharge'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "daily_task_claims_uq" ON "daily_task_claims" USING btree ("user_id","day","task_id");--> statement-breakpoint
CREATE INDEX "daily_task_claims_day_idx" ON "daily_task_claims" USING btree ("day","task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_tasks_slug_uq" ON "daily_tasks" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "game_room_members_user_time_idx" ON "game_room_members" USING btree ("user_id","joined_at");--> statement-breakpoint
CREATE INDEX "turntable_stakes_user_time_idx" ON "turntable_stakes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "upgrade_records_user_time_idx" ON "upgrade_records" USING btree ("user_id","created_at");