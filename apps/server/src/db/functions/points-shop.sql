-- Statements are separated by lines '--;;' (each runs on its own). Applied after the migrations on
-- every start (idempotent: CREATE OR REPLACE). See docs/promotions/points-shop.md, "Buying".

-- One purchase in the points shop in one statement: the entry's window and price, the player's
-- limit, the points debit (a balanced transfer player → points_shop, key
-- points_shop:<user>:<request id>), what was bought (an inventory item, or coins by a transfer
-- points_shop → player keyed <debit key>:coin; lucky bags are given by the caller in the same
-- transaction, grantBagsInTx), one unit of stock, and the purchase's row.
--
-- Sent on its own it is its own transaction; a bag entry's caller runs it inside its transaction.
-- Locks, in this order: the purchase's (user, request id) key (a twin request waits here, then
-- finds it taken), the player's count row of this entry (one player's purchases of one entry queue
-- here on every process; its guarded upsert is the limit), the player's point (and coin) ledger
-- account, and last, for the shortest time, the entry's row when its stock is limited (the one row
-- every buyer shares; the guarded UPDATE re-reads it after a concurrent buyer commits, so the last
-- unit is sold once).
--
-- Returns {status: 'ok', purchase_id, kind, points, money, user_item_id, bag_campaign_id, bag_count}
-- (the bags the caller gives), or, having written nothing:
--   'duplicate'      this request bought before (purchase_id, when known): answer that purchase;
--   'not_found'      no such entry, or it is withdrawn;
--   'not_started' / 'ended'   outside the entry's window;
--   'price_changed'  the entry's price is no longer p_price (the price the player confirmed);
--   'sold_out'       no stock left;
--   'limit'          the player has bought as many as the limit allows in its period;
--   'short'          not enough points.
CREATE OR REPLACE FUNCTION kx_points_shop_buy(
  p_user integer, p_entry integer, p_price bigint, p_request text, p_day text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  e record;
  v_purchase integer;
  v_key text := 'points_shop:' || p_user || ':' || p_request;
  v_debit jsonb;
  v_coin jsonb;
  v_item integer;
  v_money bigint;
  v_status text;
BEGIN
  SELECT id INTO v_purchase FROM points_shop_purchases WHERE user_id = p_user AND request_id = p_request;
  IF FOUND THEN
    RETURN jsonb_build_object('status', 'duplicate', 'purchase_id', v_purchase);
  END IF;
  SELECT * INTO e FROM points_shop_entries WHERE id = p_entry;
  IF NOT FOUND OR NOT e.enabled THEN
    RETURN jsonb_build_object('status', 'not_found');
  END IF;
  IF e.starts_at IS NOT NULL AND p_now < e.starts_at THEN
    RETURN jsonb_build_object('status', 'not_started');
  END IF;
  IF e.ends_at IS NOT NULL AND p_now >= e.ends_at THEN
    RETURN jsonb_build_object('status', 'ended');
  END IF;
  IF e.price_points <> p_price THEN
    RETURN jsonb_build_object('status', 'price_changed');
  END IF;
  IF e.stock = 0 THEN
    RETURN jsonb_build_object('status', 'sold_out');
  END IF;

  -- Every refusal below raises KXS01 with the status as its message: the block's writes are rolled
  -- back (a subtransaction) and the status is answered.
  BEGIN
    INSERT INTO points_shop_purchases (user_id, entry_id, request_id, day, kind, price_points, worth_units,
        coin_units, bag_campaign_id, bag_count, created_at)
      VALUES (p_user, p_entry, p_request, p_day, e.kind, p_price, e.worth_units,
        e.coin_units, e.bag_campaign_id, e.bag_count, p_now)
      ON CONFLICT (user_id, request_id) DO NOTHING
      RETURNING id INTO v_purchase;
    IF v_purchase IS NULL THEN
      RAISE EXCEPTION 'duplicate' USING ERRCODE = 'KXS01';
    END IF;

    INSERT INTO points_shop_counts AS c (user_id, entry_id, total, day, day_count)
      VALUES (p_user, p_entry, 1, p_day, 1)
      ON CONFLICT (user_id, entry_id) DO UPDATE
        SET total = c.total + 1,
            day_count = CASE WHEN c.day = p_day THEN c.day_count + 1 ELSE 1 END,
            day = p_day
        WHERE e.limit_count IS NULL
          OR (e.limit_period = 'ever' AND c.total < e.limit_count)
          OR (e.limit_period = 'day' AND (c.day <> p_day OR c.day_count < e.limit_count));
    IF NOT FOUND THEN
      RAISE EXCEPTION 'limit' USING ERRCODE = 'KXS01';
    END IF;

    v_debit := kx_post_debit('points_shop', v_key, 'point', e.name_zh_cn, p_now, p_user, 'points_shop', p_price);
    IF v_debit ? 'short' THEN
      RAISE EXCEPTION 'short' USING ERRCODE = 'KXS01';
    END IF;

    IF e.kind = 'item' THEN
      INSERT INTO user_items (user_id, item_def_id, exter, price_units, status, source, source_id, source_name,
          created_at, updated_at)
        VALUES (p_user, e.item_def_id, e.exter, e.worth_units, 0, 'points_shop', v_purchase, '积分商城', p_now, p_now)
        RETURNING id INTO v_item;
    ELSIF e.kind = 'coin' THEN
      v_coin := kx_post_transfer('points_shop', v_key || ':coin', 'coin', e.name_zh_cn, p_now,
        ARRAY['h:points_shop', 'u:' || p_user], ARRAY[-e.coin_units, e.coin_units]);
    END IF;

    IF e.stock IS NOT NULL THEN
      UPDATE points_shop_entries SET stock = stock - 1
        WHERE id = p_entry AND stock > 0 AND enabled AND price_points = p_price;
      IF NOT FOUND THEN
        -- Changed while this purchase waited for the row: say how, from the committed row.
        SELECT CASE WHEN NOT enabled THEN 'not_found' WHEN price_points <> p_price THEN 'price_changed'
            ELSE 'sold_out' END
          INTO v_status FROM points_shop_entries WHERE id = p_entry;
        RAISE EXCEPTION '%', v_status USING ERRCODE = 'KXS01';
      END IF;
    END IF;

    UPDATE points_shop_purchases
      SET user_item_id = v_item, debit_transfer_id = (v_debit->>'transfer_id')::bigint,
          coin_transfer_id = (v_coin->>'transfer_id')::bigint
      WHERE id = v_purchase;
  EXCEPTION WHEN SQLSTATE 'KXS01' THEN
    RETURN jsonb_build_object('status', SQLERRM);
  END;

  SELECT balance INTO v_money FROM ledger_accounts WHERE owner = 'u:' || p_user AND currency = 'coin';
  RETURN jsonb_build_object(
    'status', 'ok',
    'purchase_id', v_purchase,
    'kind', e.kind,
    'points', (v_debit->>'balance')::bigint,
    'money', coalesce(v_money, 0),
    'user_item_id', v_item,
    'bag_campaign_id', e.bag_campaign_id,
    'bag_count', e.bag_count);
END $$;
--;;
