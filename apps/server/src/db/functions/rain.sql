-- Statements are separated by lines '--;;' (each runs on its own). Applied after the migrations on
-- every start (idempotent: CREATE OR REPLACE). See docs/promotions/rain.md ("The hot path").

-- One red-packet grab in one statement (sent on its own, it is its own transaction): packet
-- p_idx of round p_round goes to p_user and its amount is credited from the house's promotions
-- account, keyed 'rain:<round>:<user>'. The index came from the round's counter (Redis, or memory
-- embedded), which hands each player one index and each index one player; this statement is the
-- truth, and answers the same for a retry:
--   {status: 'ok', index, amount, balance, duplicate}   the player's packet (duplicate: recorded before);
--   'taken'       the index is another player's (the counter lost its state and handed it twice);
--   'no_packet'   the round has no such packet (not opened, or past its count).
-- The player may already hold another packet of the round only if the counter lost its state;
-- then that one is answered (one packet per player per round is also the unique index).
CREATE OR REPLACE FUNCTION kx_rain_grab(p_round integer, p_user integer, p_idx integer, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_amount bigint;
  v_idx integer;
  v_posted jsonb;
  v_balance bigint;
BEGIN
  UPDATE rain_packets SET user_id = p_user, grabbed_at = p_now
    WHERE round_id = p_round AND idx = p_idx AND user_id IS NULL
    RETURNING amount_units INTO v_amount;
  IF NOT FOUND THEN
    SELECT idx, amount_units INTO v_idx, v_amount FROM rain_packets WHERE round_id = p_round AND user_id = p_user;
    IF FOUND THEN
      SELECT balance INTO v_balance FROM ledger_accounts WHERE owner = 'u:' || p_user AND currency = 'coin';
      RETURN jsonb_build_object('status', 'ok', 'index', v_idx, 'amount', v_amount,
        'balance', coalesce(v_balance, 0), 'duplicate', true);
    END IF;
    IF EXISTS (SELECT 1 FROM rain_packets WHERE round_id = p_round AND idx = p_idx) THEN
      RETURN jsonb_build_object('status', 'taken');
    END IF;
    RETURN jsonb_build_object('status', 'no_packet');
  END IF;
  -- The credit: the house leg is an appended entry (no cached balance, no lock), the player's
  -- account row the only one locked.
  v_posted := kx_post_transfer('rain_packet', 'rain:' || p_round || ':' || p_user, 'coin',
    '红包雨 #' || p_round, p_now, ARRAY['u:' || p_user, 'h:promotions'], ARRAY[v_amount, -v_amount]);
  RETURN jsonb_build_object('status', 'ok', 'index', p_idx, 'amount', v_amount,
    'balance', (v_posted->'balances'->>p_user::text)::bigint, 'duplicate', false);
END $$;
--;;

-- Several grabs in one statement (group commit: one round trip, one transaction, one commit flush
-- for all), each exactly as kx_rain_grab alone, in the order given, answering an array in that
-- order. The caller orders them by the players' ledger account owners (the order
-- kx_post_transfer locks accounts in). Anything raised undoes them all; the caller then sends each
-- alone.
CREATE OR REPLACE FUNCTION kx_rain_grabs(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  a jsonb;
  v_out jsonb := '[]';
BEGIN
  FOR a IN SELECT value FROM jsonb_array_elements(p) LOOP
    v_out := v_out || jsonb_build_array(kx_rain_grab(
      (a->>'round')::integer, (a->>'user')::integer, (a->>'idx')::integer, (a->>'now')::timestamptz));
  END LOOP;
  RETURN v_out;
END $$;
--;;
