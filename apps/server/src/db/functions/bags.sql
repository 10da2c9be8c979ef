-- Statements are separated by lines '--;;' (each runs on its own). Applied after the migrations on
-- every start (idempotent: CREATE OR REPLACE). See docs/promotions/bags.md, "Opening".

-- A lucky bag's opening in one statement (sent on its own, it is its own transaction), the way
-- kx_open_box opens a box: the bag's state (a bag opens once), the nonce advance of the player's
-- seed pair, and the credit, a balanced transfer promotions → player keyed bag_open:<bag id>. The
-- roll was computed by the caller (packages/game bags.ts, the code the browser's verifier runs)
-- from the seed pair it read — p_seed at p_nonce with p_client_seed — against the campaign's table
-- version p_table_version; this statement writes only if all of that still holds.
--
-- Locks, in this order (the caller's retry transaction takes the same order): the bag's row, the
-- seed pair's row, the player's ledger account.
--
-- Returns {status: 'ok', transfer_id, balance}, or, having written nothing:
--   'not_found'      no such bag of this player;
--   'opened'         the bag was opened before (by a twin request, on this or another process);
--   'table_changed'  the campaign's table is no longer version p_table_version (roll again);
--   'stale_seed'     the seed pair moved since it was read (read it again, roll again).
-- A ticket or an amount that does not match the table raises: the caller's roll is wrong.
CREATE OR REPLACE FUNCTION kx_open_bag(
  p_user integer, p_bag integer, p_campaign integer, p_table_version integer, p_table_hash text,
  p_ticket integer, p_amount bigint, p_seed integer, p_nonce integer, p_client_seed text,
  p_memo text, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_bag record;
  v_table record;
  v_to bigint := 0;
  v_paid bigint;
  v_entry jsonb;
  v_posted jsonb;
BEGIN
  SELECT state, campaign_id INTO v_bag FROM user_bags WHERE id = p_bag AND user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'not_found');
  END IF;
  IF v_bag.state <> 0 THEN
    RETURN jsonb_build_object('status', 'opened');
  END IF;
  IF v_bag.campaign_id <> p_campaign OR NOT EXISTS (
      SELECT 1 FROM bag_campaigns WHERE id = p_campaign AND table_version = p_table_version) THEN
    RETURN jsonb_build_object('status', 'table_changed');
  END IF;
  -- The roll must be the table's: the ticket's entry pays p_amount, and the hash is the table's.
  SELECT entries, table_hash INTO v_table FROM bag_tables WHERE campaign_id = p_campaign AND version = p_table_version;
  IF v_table.table_hash IS DISTINCT FROM p_table_hash THEN
    RAISE EXCEPTION 'bag % rolled against hash %, the table is %', p_bag, p_table_hash, v_table.table_hash;
  END IF;
  FOR v_entry IN SELECT value FROM jsonb_array_elements(v_table.entries) LOOP
    v_to := v_to + (v_entry->>'tickets')::bigint;
    IF p_ticket < v_to THEN
      v_paid := (v_entry->>'amountUnits')::bigint;
      EXIT;
    END IF;
  END LOOP;
  IF p_ticket < 0 OR v_paid IS DISTINCT FROM p_amount THEN
    RAISE EXCEPTION 'bag % ticket % pays %, not %', p_bag, p_ticket, v_paid, p_amount;
  END IF;
  -- The roll counts only if the pair is still the player's active one at the same nonce with the
  -- same client seed (kx_open_box does the same): every nonce is used by exactly one roll.
  UPDATE fair_seeds SET nonce = nonce + 1
    WHERE id = p_seed AND user_id = p_user AND revealed_at IS NULL AND nonce = p_nonce
      AND client_seed = p_client_seed;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'stale_seed');
  END IF;
  v_posted := kx_post_transfer('bag_open', 'bag_open:' || p_bag, 'coin', p_memo, p_now,
    ARRAY['h:promotions', 'u:' || p_user], ARRAY[-p_amount, p_amount]);
  IF (v_posted->>'duplicate')::boolean THEN
    -- The bag row was unopened under its lock, so nothing can have posted its key: a broken row.
    RAISE EXCEPTION 'bag % was credited without being opened', p_bag USING ERRCODE = 'KX002';
  END IF;
  UPDATE user_bags SET state = 1, opened_at = p_now, amount_units = p_amount, table_version = p_table_version,
      table_hash = p_table_hash, seed_id = p_seed, client_seed = p_client_seed, nonce = p_nonce,
      ticket = p_ticket, transfer_id = (v_posted->>'transfer_id')::bigint
    WHERE id = p_bag;
  RETURN jsonb_build_object(
    'status', 'ok',
    'transfer_id', (v_posted->>'transfer_id')::bigint,
    'balance', (v_posted->'balances'->>(p_user::text))::bigint);
END $$;
--;;
