-- Statements are separated by lines '--;;' (each runs on its own). Applied after the migrations on
-- every start (idempotent: CREATE OR REPLACE). See docs/games/turntable.md ("One bet, one statement").

-- A turntable bet in one statement (sent on its own, it is its own transaction). The caller has
-- checked what no round can change (packages/game turntable.ts betShapeError: the bet id's form,
-- one to fifteen entries, each area 0–14 and amount a positive safe integer); this checks the rest
-- in the order the rules' `bet` does, against the open round and the player's stakes, and books it.
--
-- p_areas / p_amounts are the entries in order; p_now is the caller's clock (the one the round's
-- close was set by). Returns {status: 'ok', round_id, areas, balance}: the player's stakes per area
-- after the bet and their balance; or, having written nothing, the refusal:
--   'not_betting'   no round takes bets (between rounds, or the close committed while we waited);
--   'closed'        p_now is at or past the round's close;
--   'repeated'      p_bet_id was placed before in this round;
--   'too_many'      more entries than the round allows a player;
--   'too_small' / 'too_large'   the first entry outside the round's per-entry limits;
--   'round_limit'   the player's stakes in the round would pass the round's limit;
--   'insufficient'  the balance is short.
CREATE OR REPLACE FUNCTION kx_turntable_bet(
  p_user integer, p_bet_id text, p_areas integer[], p_amounts bigint[], p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  -- The round's close is epoch milliseconds (JSON); the caller's times are whole milliseconds.
  v_now_ms bigint := round(extract(epoch FROM p_now) * 1000);
  v_round integer;
  v_data jsonb;
  v_limits jsonb;
  -- The player's stakes in the round; a first bet starts from nothing (15 areas: TURNTABLE_AREAS).
  v_found boolean;
  v_areas bigint[] := array_fill(0::bigint, ARRAY[15]);
  v_total bigint := 0;
  v_entries integer := 0;
  v_bet_ids text[] := '{}';
  v_added bigint := 0;
  v_posted jsonb;
BEGIN
  -- The open round under a SHARE lock: bets run side by side, and the close (FOR UPDATE) waits for
  -- every bet in flight, then every later bet finds no betting round. A bet either counts and is
  -- debited or is refused and costs nothing.
  SELECT id, data INTO v_round, v_data FROM game_rooms
    WHERE game = 'turntable' AND state = 'betting' ORDER BY id DESC LIMIT 1 FOR SHARE;
  IF v_round IS NULL THEN
    RETURN jsonb_build_object('status', 'not_betting');
  END IF;
  IF v_now_ms >= (v_data->>'betsCloseAtMs')::bigint THEN
    RETURN jsonb_build_object('status', 'closed');
  END IF;
  -- The player's coin account, locked as the debit below will lock it: one player's bets (two
  -- areas clicked at once, two processes) are served one after the other, so each reads the stakes
  -- the previous one wrote and a balance is spent once. Taken before the stakes are read, so that
  -- a refusal has written nothing (no empty stakes row). No account: nothing to debit, the debit
  -- answers short.
  PERFORM 1 FROM ledger_accounts WHERE owner = 'u:' || p_user AND currency = 'coin' FOR NO KEY UPDATE;
  SELECT areas, total_units, entries, bet_ids INTO v_areas, v_total, v_entries, v_bet_ids
    FROM turntable_stakes WHERE room_id = v_round AND user_id = p_user;
  v_found := FOUND;
  IF NOT v_found THEN
    v_areas := array_fill(0::bigint, ARRAY[15]);
    v_total := 0;
    v_entries := 0;
    v_bet_ids := '{}';
  END IF;

  IF p_bet_id IS NOT NULL AND p_bet_id = ANY(v_bet_ids) THEN
    RETURN jsonb_build_object('status', 'repeated');
  END IF;
  v_limits := v_data->'limits';
  IF v_entries + cardinality(p_areas) > (v_limits->>'maxBetsPerRound')::integer THEN
    RETURN jsonb_build_object('status', 'too_many');
  END IF;
  FOR i IN 1..cardinality(p_areas) LOOP
    IF p_amounts[i] < (v_limits->>'minBetUnits')::bigint THEN
      RETURN jsonb_build_object('status', 'too_small');
    END IF;
    IF p_amounts[i] > (v_limits->>'maxBetUnits')::bigint THEN
      RETURN jsonb_build_object('status', 'too_large');
    END IF;
    IF p_areas[i] < 0 OR p_areas[i] >= cardinality(v_areas) THEN
      RAISE EXCEPTION 'turntable area % (the caller checks areas)', p_areas[i];
    END IF;
    v_added := v_added + p_amounts[i];
    v_areas[p_areas[i] + 1] := v_areas[p_areas[i] + 1] + p_amounts[i];
  END LOOP;
  IF v_total + v_added > (v_limits->>'maxRoundUnits')::bigint THEN
    RETURN jsonb_build_object('status', 'round_limit');
  END IF;

  -- One transfer per command, keyed by the player's entry count before it (the rules' debit keys
  -- start there): a replay that got this far would post the same key and raise KX002.
  v_posted := kx_post_debit('turntable_bet', 'turntable_bet:' || v_round || ':' || p_user || ':' || v_entries,
    'coin', '转盘 #' || v_round, p_now, p_user, 'game_pool', v_added);
  IF (v_posted->>'short')::boolean THEN
    RETURN jsonb_build_object('status', 'insufficient');
  END IF;
  IF v_found THEN
    UPDATE turntable_stakes SET areas = v_areas, total_units = v_total + v_added,
        entries = v_entries + cardinality(p_areas),
        bet_ids = CASE WHEN p_bet_id IS NULL THEN bet_ids ELSE bet_ids || p_bet_id END, updated_at = p_now
      WHERE room_id = v_round AND user_id = p_user;
  ELSE
    INSERT INTO turntable_stakes (room_id, user_id, areas, total_units, entries, bet_ids, created_at, updated_at)
      VALUES (v_round, p_user, v_areas, v_added, cardinality(p_areas),
        CASE WHEN p_bet_id IS NULL THEN '{}'::text[] ELSE ARRAY[p_bet_id] END, p_now, p_now);
  END IF;
  RETURN jsonb_build_object(
    'status', 'ok',
    'round_id', v_round,
    'areas', to_jsonb(v_areas),
    'balance', (v_posted->>'balance')::bigint);
END $$;
--;;

-- Several bets in one statement (group commit: one round trip, one transaction, one commit flush
-- for all), each exactly as kx_turntable_bet alone, in the order given, answering an array in that
-- order. The caller (turntable.repo.ts betOn) orders them by the players' ledger account owners,
-- the order kx_post_transfer locks accounts in, so batches and transfers of several players cannot
-- deadlock. Anything raised undoes them all; the caller then sends each alone.
CREATE OR REPLACE FUNCTION kx_turntable_bets(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  a jsonb;
  v_out jsonb := '[]';
BEGIN
  FOR a IN SELECT value FROM jsonb_array_elements(p) LOOP
    v_out := v_out || jsonb_build_array(kx_turntable_bet(
      (a->>'user')::integer, a->>'betId', (a->>'areas')::integer[], (a->>'amounts')::bigint[],
      (a->>'now')::timestamptz));
  END LOOP;
  RETURN v_out;
END $$;
--;;
