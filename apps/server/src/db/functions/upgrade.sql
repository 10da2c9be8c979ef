-- Statements are separated by lines '--;;' (each runs on its own). Applied after the migrations on
-- every start (idempotent: CREATE OR REPLACE). See docs/games/upgrade.md, Upgrade (issue 13).

-- One upgrade in one statement (sent on its own, it is its own transaction), like kx_open_box:
-- the stake items locked and consumed, the nonce advance, the guarded debit of the staked balance,
-- the prize and the record. The roll and the chance were computed by the caller (packages/game
-- upgrade.ts, the code the fairness page runs) from the seed pair it read — p_seed at p_nonce with
-- p_client_seed — and from the items' prices and the target as it read them; this statement
-- writes only if all of that still holds.
--
-- p_item_ids ascending, p_item_prices in the same order. Returns {status: 'ok', upgrade_id,
-- user_item_id, transfer_id, balance}, or, having written nothing:
--   'duplicate'           this request id was rolled before (the caller replays it);
--   'target_changed'      the target is off sale or its price changed since it was read;
--   'item_not_found'      a staked item is not the player's;
--   'item_not_available'  a staked item is no longer normal or retrieval failed (sold, being
--                         retrieved, staked in another upgrade), or not at the price read;
--   'stale_seed'          the seed pair moved since it was read (the caller rolls again).
-- A short balance raises KX001 (kx_post_transfer) and undoes everything; a twin request that
-- posted the debit first raises KX002.
CREATE OR REPLACE FUNCTION kx_upgrade(
  p_user integer, p_request text, p_target integer, p_target_def integer, p_target_exter integer,
  p_target_price bigint, p_item_ids integer[], p_item_prices bigint[], p_balance bigint,
  p_rate integer, p_edge integer, p_max_rate integer, p_roll integer, p_success boolean,
  p_now timestamptz, p_seed integer, p_nonce integer, p_client_seed text,
  p_memo text, p_source_name text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_ids integer[];
  v_prices bigint[];
  v_usable boolean;
  v_posted jsonb;
  v_transfer bigint;
  v_balance bigint;
  v_record integer;
  v_item integer;
BEGIN
  IF EXISTS (SELECT 1 FROM upgrade_records WHERE user_id = p_user AND request_id = p_request) THEN
    RETURN jsonb_build_object('status', 'duplicate');
  END IF;
  IF NOT EXISTS (SELECT 1 FROM upgrade_items WHERE id = p_target AND on_sale AND item_def_id = p_target_def
      AND exter = p_target_exter AND price_units = p_target_price) THEN
    RETURN jsonb_build_object('status', 'target_changed');
  END IF;
  -- The player's rows among the stake, locked in id order: the lock sell, recycle and retrieve
  -- take too (inventory.repo.ts lockOwn), so exactly one of them and this upgrade moves an item.
  -- A row changed by the holder of the lock is seen as it was committed.
  SELECT coalesce(array_agg(s.id ORDER BY s.id), '{}'), coalesce(array_agg(s.price_units ORDER BY s.id), '{}'),
      coalesce(bool_and(s.status IN (0, 4)), true)
    INTO v_ids, v_prices, v_usable
    FROM (SELECT id, price_units, status FROM user_items
      WHERE id = ANY(p_item_ids) AND user_id = p_user ORDER BY id FOR UPDATE) s;
  IF cardinality(v_ids) <> cardinality(p_item_ids) THEN
    RETURN jsonb_build_object('status', 'item_not_found');
  END IF;
  IF NOT v_usable OR v_prices IS DISTINCT FROM p_item_prices THEN
    -- A twin of this request may have consumed them while we waited for the lock.
    IF EXISTS (SELECT 1 FROM upgrade_records WHERE user_id = p_user AND request_id = p_request) THEN
      RETURN jsonb_build_object('status', 'duplicate');
    END IF;
    RETURN jsonb_build_object('status', 'item_not_available');
  END IF;
  -- The roll counts only if the pair is still the player's active one at the same nonce with the
  -- same client seed (kx_open_box does the same): every nonce is used by exactly one roll.
  UPDATE fair_seeds SET nonce = nonce + 1
    WHERE id = p_seed AND user_id = p_user AND revealed_at IS NULL AND nonce = p_nonce
      AND client_seed = p_client_seed;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'stale_seed');
  END IF;
  IF p_balance > 0 THEN
    v_posted := kx_post_transfer('upgrade_stake', 'upgrade_stake:' || p_user || ':' || p_request, 'coin',
      p_memo, p_now, ARRAY['u:' || p_user, 'h:game_pool'], ARRAY[-p_balance, p_balance]);
    IF (v_posted->>'duplicate')::boolean THEN
      RAISE EXCEPTION 'upgrade % posted concurrently', p_request USING ERRCODE = 'KX002';
    END IF;
    v_transfer := (v_posted->>'transfer_id')::bigint;
    v_balance := (v_posted->'balances'->>(p_user::text))::bigint;
  ELSE
    SELECT balance INTO v_balance FROM ledger_accounts WHERE owner = 'u:' || p_user AND currency = 'coin';
  END IF;
  UPDATE user_items SET status = 2, disposal = 'upgrade', updated_at = p_now WHERE id = ANY(v_ids);
  v_record := nextval(pg_get_serial_sequence('upgrade_records', 'id'));
  IF p_success THEN
    INSERT INTO user_items (user_id, item_def_id, exter, price_units, source, source_id, source_name,
        created_at, updated_at)
      VALUES (p_user, p_target_def, p_target_exter, p_target_price, 'upgrade', v_record, p_source_name, p_now, p_now)
      RETURNING id INTO v_item;
  END IF;
  INSERT INTO upgrade_records (id, user_id, request_id, upgrade_item_id, target_item_def_id, target_exter,
      target_price_units, stake_item_ids, stake_item_prices, stake_balance_units, stake_units, rate_ppm,
      house_edge_ppm, max_rate_ppm, seed_id, client_seed, nonce, roll, success, user_item_id, transfer_id,
      created_at)
    VALUES (v_record, p_user, p_request, p_target, p_target_def, p_target_exter, p_target_price, v_ids, v_prices,
      p_balance, p_balance + (SELECT coalesce(sum(x), 0) FROM unnest(v_prices) AS x), p_rate, p_edge, p_max_rate,
      p_seed, p_client_seed, p_nonce, p_roll, p_success, v_item, v_transfer, p_now);
  RETURN jsonb_build_object(
    'status', 'ok',
    'upgrade_id', v_record,
    'user_item_id', v_item,
    'transfer_id', v_transfer,
    'balance', coalesce(v_balance, 0));
END $$;
--;;
