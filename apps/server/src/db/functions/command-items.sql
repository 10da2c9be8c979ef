-- Statements are separated by lines '--;;' (each runs on its own). Applied after the migrations on
-- every start (idempotent: CREATE OR REPLACE). See docs/promotions/command-items.md, "Redeeming".

-- One use of a command item code in one statement: the code's window, the player's one use (the
-- unique (code, player) claim row), one use off the stock, the item (a user_items row, source
-- command_item, worth the code's price-table price) and the coins (a balanced transfer
-- promotions → player keyed command_item:<code>:<user>, so a replay pays once).
--
-- Locks, in this order: the claim's (code, player) key (a player's twin clicks, tabs or processes
-- wait here, then find it taken), the code's row last and for the shortest time (the one row every
-- player shares; the guarded UPDATE re-reads it after a concurrent use commits, so the last use is
-- given once), then the player's coin account.
--
-- Returns {status: 'ok', claim_id, user_item_id, coin, money}, or, having written nothing:
--   'not_found'    no such code, or it is disabled;
--   'not_started' / 'ended'   outside the code's window;
--   'duplicate'    this player used this code before;
--   'used_up'      no uses left.
CREATE OR REPLACE FUNCTION kx_command_item_redeem(p_user integer, p_code integer, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c record;
  v_claim integer;
  v_item integer;
  v_coin jsonb;
  v_money bigint;
BEGIN
  SELECT * INTO c FROM command_item_codes WHERE id = p_code;
  IF NOT FOUND OR NOT c.enabled THEN
    RETURN jsonb_build_object('status', 'not_found');
  END IF;
  IF c.starts_at IS NOT NULL AND p_now < c.starts_at THEN
    RETURN jsonb_build_object('status', 'not_started');
  END IF;
  IF c.ends_at IS NOT NULL AND p_now >= c.ends_at THEN
    RETURN jsonb_build_object('status', 'ended');
  END IF;

  -- Every refusal below raises KXC01 with the status as its message: the block's writes are rolled
  -- back (a subtransaction) and the status is answered.
  BEGIN
    INSERT INTO command_item_claims (code_id, user_id, coin_units, created_at)
      VALUES (p_code, p_user, c.coin_units, p_now)
      ON CONFLICT (code_id, user_id) DO NOTHING
      RETURNING id INTO v_claim;
    IF v_claim IS NULL THEN
      RAISE EXCEPTION 'duplicate' USING ERRCODE = 'KXC01';
    END IF;

    UPDATE command_item_codes SET uses_left = uses_left - 1
      WHERE id = p_code AND uses_left > 0 AND enabled;
    IF NOT FOUND THEN
      RAISE EXCEPTION '%', (SELECT CASE WHEN enabled THEN 'used_up' ELSE 'not_found' END
        FROM command_item_codes WHERE id = p_code) USING ERRCODE = 'KXC01';
    END IF;

    IF c.item_def_id IS NOT NULL THEN
      INSERT INTO user_items (user_id, item_def_id, exter, price_units, status, source, source_id, source_name,
          created_at, updated_at)
        VALUES (p_user, c.item_def_id, c.exter, c.worth_units, 0, 'command_item', v_claim, '口令饰品', p_now, p_now)
        RETURNING id INTO v_item;
    END IF;
    IF c.coin_units > 0 THEN
      v_coin := kx_post_transfer('command_item', 'command_item:' || p_code || ':' || p_user, 'coin',
        'command_item:' || p_code, p_now, ARRAY['h:promotions', 'u:' || p_user], ARRAY[-c.coin_units, c.coin_units]);
    END IF;

    UPDATE command_item_claims
      SET user_item_id = v_item, coin_transfer_id = (v_coin->>'transfer_id')::bigint
      WHERE id = v_claim;
  EXCEPTION WHEN SQLSTATE 'KXC01' THEN
    RETURN jsonb_build_object('status', SQLERRM);
  END;

  SELECT balance INTO v_money FROM ledger_accounts WHERE owner = 'u:' || p_user AND currency = 'coin';
  RETURN jsonb_build_object(
    'status', 'ok',
    'claim_id', v_claim,
    'user_item_id', v_item,
    'coin', c.coin_units,
    'money', coalesce(v_money, 0));
END $$;
--;;
