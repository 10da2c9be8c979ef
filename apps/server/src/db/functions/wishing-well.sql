-- Statements are separated by lines '--;;' (each runs on its own). Applied after the migrations on
-- every start (idempotent: CREATE OR REPLACE). See docs/promotions/wishing-well.md, "A wish".

-- One wish in one statement: the entry's terms (the price and chance the player confirmed), the
-- nonce of the player's seed pair (compare-and-set: the pair must still be the active one at
-- p_nonce with p_client_seed, as kx_open_box and kx_open_bag), the wish's row, the debit (a
-- balanced transfer player → wishing_well in the entry's currency, key wishing_well:<user>:<request
-- id>), and on a hit the item (user_items, source wishing_well). The caller rolled p_roll from that
-- pair at that nonce (packages/game wish.ts); the hit is decided here from it and the entry's chance.
--
-- Locks, in this order: the player's seed pair row (every roll of the player queues here, on every
-- process), the wish's (user, request id) key (a twin request finds it taken), the player's ledger
-- account. The caller's retry after 'stale_seed' locks the pair first too, so nothing deadlocks.
--
-- Returns {status: 'ok', wish_id, hit, user_item_id, points, money}, or, having written nothing:
--   'duplicate'      this request wished before (wish_id): answer that wish;
--   'not_found'      no such entry, or it is withdrawn;
--   'terms_changed'  the entry's price or chance is no longer what the player confirmed;
--   'stale_seed'     the pair moved (another roll, a rotation, a new client seed): roll again;
--   'short'          not enough points or coins.
CREATE OR REPLACE FUNCTION kx_wish(
  p_user integer, p_entry integer, p_price bigint, p_chance integer, p_request text,
  p_seed integer, p_nonce integer, p_client_seed text, p_roll integer, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  e record;
  v_wish integer;
  v_hit boolean;
  v_debit jsonb;
  v_item integer;
  v_points bigint;
  v_money bigint;
BEGIN
  SELECT id INTO v_wish FROM wishes WHERE user_id = p_user AND request_id = p_request;
  IF FOUND THEN
    RETURN jsonb_build_object('status', 'duplicate', 'wish_id', v_wish);
  END IF;
  SELECT * INTO e FROM wish_entries WHERE id = p_entry;
  IF NOT FOUND OR NOT e.enabled THEN
    RETURN jsonb_build_object('status', 'not_found');
  END IF;
  IF e.price <> p_price OR e.chance_ppm <> p_chance THEN
    RETURN jsonb_build_object('status', 'terms_changed');
  END IF;
  IF p_roll < 0 OR p_roll >= 1000000 THEN
    RAISE EXCEPTION 'a wish roll of %', p_roll;
  END IF;
  v_hit := p_roll < p_chance;

  -- Every refusal below raises KXW01 with the status as its message: the block's writes (the
  -- nonce too) are rolled back and the status is answered.
  BEGIN
    UPDATE fair_seeds SET nonce = nonce + 1
      WHERE id = p_seed AND user_id = p_user AND revealed_at IS NULL AND nonce = p_nonce
        AND client_seed = p_client_seed;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'stale_seed' USING ERRCODE = 'KXW01';
    END IF;

    INSERT INTO wishes (user_id, entry_id, request_id, currency, price, worth_units, chance_ppm, seed_id,
        client_seed, nonce, roll, hit, created_at)
      VALUES (p_user, p_entry, p_request, e.currency, p_price, e.worth_units, p_chance, p_seed,
        p_client_seed, p_nonce, p_roll, v_hit, p_now)
      ON CONFLICT (user_id, request_id) DO NOTHING
      RETURNING id INTO v_wish;
    IF v_wish IS NULL THEN
      RAISE EXCEPTION 'duplicate' USING ERRCODE = 'KXW01';
    END IF;

    v_debit := kx_post_debit('wishing_well', 'wishing_well:' || p_user || ':' || p_request, e.currency,
      e.name_zh_cn, p_now, p_user, 'wishing_well', p_price);
    IF v_debit ? 'short' THEN
      RAISE EXCEPTION 'short' USING ERRCODE = 'KXW01';
    END IF;

    IF v_hit THEN
      INSERT INTO user_items (user_id, item_def_id, exter, price_units, status, source, source_id, source_name,
          created_at, updated_at)
        VALUES (p_user, e.item_def_id, e.exter, e.worth_units, 0, 'wishing_well', v_wish, '许愿池', p_now, p_now)
        RETURNING id INTO v_item;
    END IF;

    UPDATE wishes SET user_item_id = v_item, debit_transfer_id = (v_debit->>'transfer_id')::bigint
      WHERE id = v_wish;
  EXCEPTION WHEN SQLSTATE 'KXW01' THEN
    IF SQLERRM = 'duplicate' THEN
      SELECT id INTO v_wish FROM wishes WHERE user_id = p_user AND request_id = p_request;
      RETURN jsonb_build_object('status', 'duplicate', 'wish_id', v_wish);
    END IF;
    RETURN jsonb_build_object('status', SQLERRM, 'currency', e.currency);
  END;

  SELECT
      coalesce(max(balance) FILTER (WHERE currency = 'point'), 0),
      coalesce(max(balance) FILTER (WHERE currency = 'coin'), 0)
    INTO v_points, v_money
    FROM ledger_accounts WHERE owner = 'u:' || p_user AND currency IN ('point', 'coin');
  RETURN jsonb_build_object(
    'status', 'ok',
    'wish_id', v_wish,
    'hit', v_hit,
    'user_item_id', v_item,
    'points', v_points,
    'money', v_money);
END $$;
--;;
