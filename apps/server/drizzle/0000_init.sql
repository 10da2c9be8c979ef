CREATE TABLE "avatars" (
	"id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identities" (
	"id_number_hash" text PRIMARY KEY NOT NULL,
	"accounts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_retired_tokens" (
	"refresh_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"retired_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"refresh_hash" text NOT NULL,
	"previous_refresh_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "steam_login_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"steam_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "steam_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"type" smallint NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"delivered" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "box_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_zh_cn" text NOT NULL,
	"name_zh_tw" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "box_open_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"box_id" integer NOT NULL,
	"count" smallint NOT NULL,
	"total_price_units" bigint NOT NULL,
	"transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "box_versions" (
	"box_id" integer NOT NULL,
	"version" integer NOT NULL,
	"contents" jsonb NOT NULL,
	"ticket_total" integer NOT NULL,
	"odds_hash" text NOT NULL,
	"price_units" bigint NOT NULL,
	"rtp_bp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_versions_box_id_version_pk" PRIMARY KEY("box_id","version")
);
--> statement-breakpoint
CREATE TABLE "boxes" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name_zh_cn" text NOT NULL,
	"name_zh_tw" text NOT NULL,
	"name_en" text NOT NULL,
	"image" text NOT NULL,
	"fallback_image" text NOT NULL,
	"price_units" bigint NOT NULL,
	"rtp_bp" integer NOT NULL,
	"version" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	CONSTRAINT "boxes_price_ck" CHECK ("boxes"."price_units" > 0)
);
--> statement-breakpoint
CREATE TABLE "fair_seeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "case_defs" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_zh_cn" text NOT NULL,
	"name_zh_tw" text NOT NULL,
	"name_en" text NOT NULL,
	"image" text NOT NULL,
	"specials_image" text,
	"item_ids" integer[] NOT NULL,
	"special_item_ids" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_defs" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_zh_cn" text NOT NULL,
	"name_zh_tw" text NOT NULL,
	"name_en" text NOT NULL,
	"weapon_class" text NOT NULL,
	"quality" smallint NOT NULL,
	"wear_min" real,
	"wear_max" real,
	"stat_trak" boolean NOT NULL,
	"special" boolean NOT NULL,
	"image" text NOT NULL,
	"base_price_units" bigint NOT NULL,
	CONSTRAINT "item_defs_quality_ck" CHECK ("item_defs"."quality" between 0 and 7),
	CONSTRAINT "item_defs_price_ck" CHECK ("item_defs"."base_price_units" > 0),
	CONSTRAINT "item_defs_wear_ck" CHECK (("item_defs"."wear_min" is null) = ("item_defs"."wear_max" is null) and "item_defs"."wear_min" <= "item_defs"."wear_max")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh_cn" text NOT NULL,
	"name_zh_tw" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"award_type" smallint NOT NULL,
	"value" bigint NOT NULL,
	"min_recharge_units" bigint DEFAULT 0 NOT NULL,
	"valid_days" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "coupons_award_ck" CHECK ("coupons"."award_type" in (1, 2) and "coupons"."value" > 0),
	CONSTRAINT "coupons_days_ck" CHECK ("coupons"."valid_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"award_type" smallint NOT NULL,
	"value" bigint NOT NULL,
	"min_recharge_units" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"used_at" timestamp with time zone,
	"source" text NOT NULL,
	"source_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_cards_used_ck" CHECK ("user_cards"."used_at" is null or "user_cards"."order_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "crypto_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"order_sn" text,
	"lent_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	CONSTRAINT "crypto_addresses_lent_ck" CHECK (("crypto_addresses"."order_sn" is null) = ("crypto_addresses"."lent_at" is null))
);
--> statement-breakpoint
CREATE TABLE "crypto_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"transfer_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"address" text NOT NULL,
	"amount_micro" bigint NOT NULL,
	"confirmations" integer NOT NULL,
	"order_sn" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"surplus_micro" bigint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crypto_orders" (
	"order_sn" text PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"quantity_micro" bigint NOT NULL,
	"fee_micro" bigint NOT NULL,
	"rate_hundredths" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "crypto_orders_quantity_ck" CHECK ("crypto_orders"."quantity_micro" > 0 and "crypto_orders"."fee_micro" >= 0 and "crypto_orders"."rate_hundredths" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_heads" (
	"chain" text PRIMARY KEY NOT NULL,
	"height" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"tx_hash" text NOT NULL,
	"address" text NOT NULL,
	"amount_micro" bigint NOT NULL,
	"block_height" bigint NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "box_openings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"box_id" integer NOT NULL,
	"item_def_id" integer NOT NULL,
	"price_units" bigint NOT NULL,
	"request_row_id" integer,
	"box_version" integer DEFAULT 1 NOT NULL,
	"box_price_units" bigint DEFAULT 0 NOT NULL,
	"exter" smallint DEFAULT 3 NOT NULL,
	"seed_id" integer,
	"client_seed" text DEFAULT '' NOT NULL,
	"nonce" integer,
	"ticket" integer,
	"odds_hash" text DEFAULT '' NOT NULL,
	"user_item_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pk_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_state" smallint DEFAULT 1 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upgrade_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"item_def_id" integer NOT NULL,
	"exter" smallint NOT NULL,
	"price_units" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"disposal" text,
	"source" text NOT NULL,
	"source_id" integer,
	"source_name" text DEFAULT '' NOT NULL,
	"retrieve_available_at" timestamp with time zone,
	"failure" text,
	"offer_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_items_status_ck" CHECK ("user_items"."status" between 0 and 4),
	CONSTRAINT "user_items_price_ck" CHECK ("user_items"."price_units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"user_id" integer,
	"currency" text NOT NULL,
	"balance" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_balance_ck" CHECK (("ledger_accounts"."user_id" is null) = ("ledger_accounts"."balance" is null) and "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_amount_ck" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idem_key" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title_zh_cn" text NOT NULL,
	"title_zh_tw" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"content_zh_cn" text DEFAULT '' NOT NULL,
	"content_zh_tw" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"coins_units" bigint DEFAULT 0 NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_appendix" boolean NOT NULL,
	"source" text NOT NULL,
	"source_key" text,
	"read_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mails_coins_ck" CHECK ("mails"."coins_units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "redeem_code_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"coins_units" bigint DEFAULT 0 NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "redeem_codes_usage_ck" CHECK ("redeem_codes"."usage_limit" is null or "redeem_codes"."used_count" <= "redeem_codes"."usage_limit"),
	CONSTRAINT "redeem_codes_coins_ck" CHECK ("redeem_codes"."coins_units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mall_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_def_id" integer NOT NULL,
	"exter" smallint NOT NULL,
	"price_units" bigint NOT NULL,
	"stock" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	CONSTRAINT "mall_items_price_ck" CHECK ("mall_items"."price_units" > 0),
	CONSTRAINT "mall_items_stock_ck" CHECK ("mall_items"."stock" is null or "mall_items"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mall_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"mall_item_id" integer NOT NULL,
	"user_item_id" integer NOT NULL,
	"price_units" bigint NOT NULL,
	"request_id" text NOT NULL,
	"transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"amount_units" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quota_exchanges_amount_ck" CHECK ("quota_exchanges"."amount_units" > 0)
);
--> statement-breakpoint
CREATE TABLE "money_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"money_units" bigint NOT NULL,
	"addition_bp" integer DEFAULT 0 NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"avatar_title" text DEFAULT '' NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "money_tiers_money_ck" CHECK ("money_tiers"."money_units" > 0),
	CONSTRAINT "money_tiers_addition_ck" CHECK ("money_tiers"."addition_bp" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pay_modes" (
	"id" serial PRIMARY KEY NOT NULL,
	"pay_mode" text NOT NULL,
	"sort_id" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_sn" text NOT NULL,
	"user_id" integer NOT NULL,
	"tier_id" integer NOT NULL,
	"pay_mode" text NOT NULL,
	"provider" text NOT NULL,
	"amount_units" bigint NOT NULL,
	"real_price_units" bigint NOT NULL,
	"bonus_units" bigint DEFAULT 0 NOT NULL,
	"user_card_id" integer,
	"coupon_bonus_units" bigint DEFAULT 0 NOT NULL,
	"coupon_replaces_bonus" boolean DEFAULT false NOT NULL,
	"vip_bonus_units" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"provider_txn_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "recharge_orders_status_ck" CHECK ("recharge_orders"."status" between 1 and 5),
	CONSTRAINT "recharge_orders_amount_ck" CHECK ("recharge_orders"."amount_units" > 0 and "recharge_orders"."real_price_units" > 0 and "recharge_orders"."bonus_units" >= 0 and "recharge_orders"."coupon_bonus_units" >= 0 and "recharge_orders"."vip_bonus_units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_held_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_sn" text NOT NULL,
	"event" text NOT NULL,
	"txn_id" text NOT NULL,
	"amount_units" bigint NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_rebates" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_sn" text NOT NULL,
	"inviter_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"recharge_units" bigint NOT NULL,
	"rebate_units" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"rank" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"value_units" bigint NOT NULL,
	"prize_units" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zh_cn" text NOT NULL,
	"title_zh_tw" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"path" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zh_cn" text NOT NULL,
	"title_zh_tw" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"img" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bgm_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"link" text NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "host_profiles" (
	"host" text PRIMARY KEY NOT NULL,
	"icp" text DEFAULT '' NOT NULL,
	"police_filing" text DEFAULT '' NOT NULL,
	"show_about_us" boolean DEFAULT false NOT NULL,
	"show_app" boolean DEFAULT true NOT NULL,
	"hide_invite" boolean DEFAULT false NOT NULL,
	"invite_code" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nav_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zh_cn" text NOT NULL,
	"title_zh_tw" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"path" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"need_login" smallint DEFAULT 1 NOT NULL,
	"badge" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_zh_cn" text NOT NULL,
	"content_zh_tw" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"nick_name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"game_type" smallint DEFAULT 0 NOT NULL,
	"reward_history_type" smallint DEFAULT 1 NOT NULL,
	"jewelry_rarity" smallint DEFAULT 1 NOT NULL,
	"item_def_id" integer,
	"item_img" text NOT NULL,
	"item_name" text DEFAULT '' NOT NULL,
	"item_price_units" bigint NOT NULL,
	"box_img" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"item_ids" integer[] NOT NULL,
	"trade_link" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"failure" text,
	"bot_offer_id" text,
	"bot" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "trade_offers_state_ck" CHECK ("trade_offers"."state" in ('pending', 'accepted', 'declined', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"nick_name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"avatar_id" integer,
	"account_type" smallint DEFAULT 1 NOT NULL,
	"role" text DEFAULT 'player' NOT NULL,
	"vip_level" smallint DEFAULT 0 NOT NULL,
	"invite_user_id" integer,
	"super_invite_code" text,
	"mobile" text,
	"email" text,
	"password_hash" text,
	"steam_id" text,
	"steam_link" text DEFAULT '' NOT NULL,
	"steam_link_bound_at" timestamp with time zone,
	"receipt_sms" boolean DEFAULT true NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"id_number_hash" text,
	"identity_type" smallint,
	"identity_verified_at" timestamp with time zone,
	"trace_param" text DEFAULT '' NOT NULL,
	"banned_at" timestamp with time zone,
	"destroyed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "command_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tier_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"amount_units" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "command_locks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"locked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "command_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"money_units" bigint NOT NULL,
	"reward_units" bigint NOT NULL,
	"key" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "command_tiers_type_ck" CHECK ("command_tiers"."type" in (1, 2, 3)),
	CONSTRAINT "command_tiers_amounts_ck" CHECK ("command_tiers"."money_units" >= 0 and "command_tiers"."reward_units" > 0),
	CONSTRAINT "command_tiers_key_ck" CHECK (char_length("command_tiers"."key") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "vip_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"amount_units" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" smallint NOT NULL,
	"threshold_units" bigint NOT NULL,
	"reward_units" bigint NOT NULL,
	"bonus_bp" integer NOT NULL,
	"red_packet_units" bigint NOT NULL,
	"upgrade_desc" text DEFAULT '' NOT NULL,
	CONSTRAINT "vip_levels_level_ck" CHECK ("vip_levels"."level" between 0 and 10),
	CONSTRAINT "vip_levels_amounts_ck" CHECK ("vip_levels"."threshold_units" >= 0 and "vip_levels"."reward_units" >= 0 and "vip_levels"."red_packet_units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"deducted_units" bigint DEFAULT 0 NOT NULL,
	"retained_month" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vip_red_packets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"month_start" timestamp with time zone NOT NULL,
	"level" smallint NOT NULL,
	"amount_units" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_retired_tokens" ADD CONSTRAINT "session_retired_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_refresh_hash_uq" ON "sessions" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("channel","target","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_ip_idx" ON "verification_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "box_open_requests_uq" ON "box_open_requests" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boxes_slug_uq" ON "boxes" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "fair_seeds_active_uq" ON "fair_seeds" USING btree ("user_id") WHERE "fair_seeds"."revealed_at" is null;--> statement-breakpoint
CREATE INDEX "fair_seeds_user_idx" ON "fair_seeds" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_name_uq" ON "coupons" USING btree ("name_zh_cn");--> statement-breakpoint
CREATE INDEX "user_cards_user_idx" ON "user_cards" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_cards_source_key_uq" ON "user_cards" USING btree ("source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_addresses_chain_address_uq" ON "crypto_addresses" USING btree ("chain","address");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_addresses_order_uq" ON "crypto_addresses" USING btree ("order_sn");--> statement-breakpoint
CREATE INDEX "crypto_addresses_free_idx" ON "crypto_addresses" USING btree ("chain","order_sn");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_deposits_transfer_uq" ON "crypto_deposits" USING btree ("chain","transfer_id");--> statement-breakpoint
CREATE INDEX "crypto_deposits_order_idx" ON "crypto_deposits" USING btree ("order_sn");--> statement-breakpoint
CREATE INDEX "crypto_deposits_status_idx" ON "crypto_deposits" USING btree ("status");--> statement-breakpoint
CREATE INDEX "crypto_orders_address_idx" ON "crypto_orders" USING btree ("chain","address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_chain_transfers_tx_uq" ON "sandbox_chain_transfers" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "sandbox_chain_transfers_address_idx" ON "sandbox_chain_transfers" USING btree ("chain","address");--> statement-breakpoint
CREATE INDEX "box_openings_user_idx" ON "box_openings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "box_openings_box_idx" ON "box_openings" USING btree ("box_id","id");--> statement-breakpoint
CREATE INDEX "box_openings_request_idx" ON "box_openings" USING btree ("request_row_id");--> statement-breakpoint
CREATE INDEX "pk_rooms_state_idx" ON "pk_rooms" USING btree ("room_state");--> statement-breakpoint
CREATE INDEX "user_items_user_idx" ON "user_items" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "user_items_status_idx" ON "user_items" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "user_items_user_time_idx" ON "user_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_items_created_idx" ON "user_items" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_uq" ON "ledger_accounts" USING btree ("owner","currency");--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idem_uq" ON "ledger_transfers" USING btree ("idem_key");--> statement-breakpoint
CREATE INDEX "mails_user_idx" ON "mails" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mails_source_key_uq" ON "mails" USING btree ("source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "redeem_code_uses_uq" ON "redeem_code_uses" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "redeem_codes_code_uq" ON "redeem_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_items_item_uq" ON "mall_items" USING btree ("item_def_id","exter");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_orders_request_uq" ON "mall_orders" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "mall_orders_user_idx" ON "mall_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_exchanges_request_uq" ON "quota_exchanges" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "money_tiers_money_uq" ON "money_tiers" USING btree ("money_units");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_modes_mode_uq" ON "pay_modes" USING btree ("pay_mode");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_sn_uq" ON "recharge_orders" USING btree ("order_sn");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_txn_uq" ON "recharge_orders" USING btree ("provider","provider_txn_id");--> statement-breakpoint
CREATE INDEX "recharge_orders_user_idx" ON "recharge_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recharge_orders_pending_idx" ON "recharge_orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "sandbox_held_due_idx" ON "sandbox_held_notifications" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_rebates_order_uq" ON "invite_rebates" USING btree ("order_sn");--> statement-breakpoint
CREATE INDEX "invite_rebates_inviter_idx" ON "invite_rebates" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_prizes_day_rank_uq" ON "pickup_prizes" USING btree ("day","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "bgm_tracks_link_uq" ON "bgm_tracks" USING btree ("link");--> statement-breakpoint
CREATE UNIQUE INDEX "nav_items_path_uq" ON "nav_items" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_offers_bot_offer_uq" ON "trade_offers" USING btree ("bot","bot_offer_id");--> statement-breakpoint
CREATE INDEX "trade_offers_user_idx" ON "trade_offers" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "trade_offers_pending_idx" ON "trade_offers" USING btree ("expires_at") WHERE "trade_offers"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_steam_id_uq" ON "users" USING btree ("steam_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_super_invite_code_uq" ON "users" USING btree ("super_invite_code");--> statement-breakpoint
CREATE UNIQUE INDEX "command_claims_uq" ON "command_claims" USING btree ("user_id","tier_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "command_tiers_key_uq" ON "command_tiers" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_claims_user_level_uq" ON "vip_claims" USING btree ("user_id","level");--> statement-breakpoint
CREATE INDEX "vip_claims_user_idx" ON "vip_claims" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_levels_level_uq" ON "vip_levels" USING btree ("level");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_red_packets_uq" ON "vip_red_packets" USING btree ("user_id","month_start");