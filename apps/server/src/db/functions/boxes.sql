-- Statements are separated by lines '--;;' (each runs on its own). Applied after the migrations on
-- every start (idempotent: CREATE OR REPLACE). See docs/boxes.md, Boxes ("One statement").

-- The signature before p_sign_nonce and p_nonce_expires: a database made by an older build has it.
DROP FUNCTION IF EXISTS kx_open_box(integer, text, integer, integer, bigint, text, text, text, timestamptz,
  integer, integer, text, integer[], integer[], bigint[], integer[]);
--;;

-- The signature before the lucky player's p_lucky_rolls, p_lucky_window and p_lucky_award.
DROP FUNCTION IF EXISTS kx_open_box(integer, text, integer, integer, bigint, text, text, text, timestamptz,
  integer, integer, text, integer[], integer[], bigint[], integer[], text, timestamptz);
--;;

-- A box opening in one statement (sent on its own, it is its own transaction): the nonce advance,
-- the guarded debit, the request row, the granted items and the opening rows. The rolls themselves
-- were computed by the caller (packages/game, the same code the browser's verifier runs) from the
-- seed pair it read: p_seed at p_nonce with p_client_seed.
--
-- p_sign_nonce is the request signature's nonce, which the HTTP layer left to this statement
-- (http/signature.ts, deferred nonces): so an opening costs no round trip to a nonce store. The
-- same signed request sent again must change nothing and be told so: an opening keeps the nonce in
-- its request row, a refusal for a short balance records it in request_nonces, and both are looked
-- at first. Null skips these checks (a caller outside HTTP).
--
-- p_lucky_rolls is the lucky player's roll of each box (packages/game lucky.ts), given only while
-- a lucky window runs (p_lucky_window, paying p_lucky_award); null outside one, and then this
-- statement writes exactly what it did before the lucky player existed. A box whose roll is 0 pays
-- its player the award in this same statement (kind lucky_award, key lucky_award:<opening id>, from
-- the house's promotions account) and records a lucky_players row: a crash never leaves a lucky
-- opening unpaid, and the key and the row's unique opening never let it pay twice.
--
-- Returns {status: 'ok', request_row_id, balance, item_ids, opening_ids, lucky}, or, having written
-- nothing, {status: 'duplicate'} (this request id was opened before under another signature: the
-- caller replays it), {status: 'replayed'} (this very signed request was seen before) or
-- {status: 'stale_seed'} (the pair moved since it was read: the caller reads it again and rolls
-- again), or {status: 'insufficient'} having written only the nonce.
CREATE OR REPLACE FUNCTION kx_open_box(
  p_user integer, p_request text, p_box integer, p_box_version integer, p_box_price bigint,
  p_odds_hash text, p_memo text, p_source_name text, p_now timestamptz,
  p_seed integer, p_nonce integer, p_client_seed text,
  p_item_ids integer[], p_exters integer[], p_prices bigint[], p_tickets integer[],
  p_sign_nonce text, p_nonce_expires timestamptz,
  p_lucky_rolls integer[], p_lucky_window integer, p_lucky_award bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_key text := 'box_open:' || p_user || ':' || p_request;
  v_count integer := cardinality(p_item_ids);
  v_total bigint := p_box_price * cardinality(p_item_ids);
  v_posted jsonb;
  v_request integer;
  v_item integer;
  v_opening integer;
  v_items integer[] := '{}';
  v_openings integer[] := '{}';
  v_prior record;
  v_balance bigint;
  v_award jsonb;
  v_lucky jsonb := '[]';
BEGIN
  IF p_sign_nonce IS NOT NULL AND EXISTS (SELECT 1 FROM request_nonces WHERE nonce = p_sign_nonce) THEN
    RETURN jsonb_build_object('status', 'replayed');
  END IF;
  SELECT sign_nonce INTO v_prior FROM box_open_requests WHERE user_id = p_user AND request_id = p_request;
  IF FOUND THEN
    IF v_prior.sign_nonce = p_sign_nonce THEN
      RETURN jsonb_build_object('status', 'replayed');
    END IF;
    RETURN jsonb_build_object('status', 'duplicate');
  END IF;
  -- The rolls count only if the pair is still the player's active one, with the same client seed,
  -- at the same nonce. An opening of the same player elsewhere, a rotation or a new client seed
  -- changed it since it was read: the caller rolls again. The row stays locked until commit, so
  -- every nonce of a pair is used by exactly one opening.
  UPDATE fair_seeds SET nonce = nonce + v_count
    WHERE id = p_seed AND user_id = p_user AND revealed_at IS NULL AND nonce = p_nonce
      AND client_seed = p_client_seed;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'stale_seed');
  END IF;
  -- A short balance is answered, not raised: the refused request's nonce must be kept (a raise
  -- would undo it) so that it cannot be sent again once the player has topped up. kx_post_debit
  -- writes nothing when short, and the seed pair's nonce is given back.
  v_posted := kx_post_debit('box_open', v_key, 'coin', p_memo, p_now, p_user, 'box_revenue', v_total);
  IF (v_posted->>'short')::boolean THEN
    UPDATE fair_seeds SET nonce = p_nonce WHERE id = p_seed;
    IF p_sign_nonce IS NOT NULL THEN
      INSERT INTO request_nonces (nonce, expires_at) VALUES (p_sign_nonce, p_nonce_expires)
        ON CONFLICT (nonce) DO NOTHING;
    END IF;
    RETURN jsonb_build_object('status', 'insufficient');
  END IF;
  v_balance := (v_posted->>'balance')::bigint;
  INSERT INTO box_open_requests (user_id, request_id, box_id, count, total_price_units, transfer_id, sign_nonce,
      created_at)
    VALUES (p_user, p_request, p_box, v_count, v_total, (v_posted->>'transfer_id')::bigint, p_sign_nonce, p_now)
    RETURNING id INTO v_request;
  FOR i IN 1..v_count LOOP
    INSERT INTO user_items (user_id, item_def_id, exter, price_units, source, source_id, source_name,
        created_at, updated_at)
      VALUES (p_user, p_item_ids[i], p_exters[i], p_prices[i], 'box', v_request, p_source_name, p_now, p_now)
      RETURNING id INTO v_item;
    INSERT INTO box_openings (user_id, box_id, item_def_id, price_units, request_row_id, box_version,
        box_price_units, exter, seed_id, client_seed, nonce, ticket, odds_hash, user_item_id, lucky_roll, created_at)
      VALUES (p_user, p_box, p_item_ids[i], p_prices[i], v_request, p_box_version, p_box_price, p_exters[i],
        p_seed, p_client_seed, p_nonce + i - 1, p_tickets[i], p_odds_hash, v_item, p_lucky_rolls[i], p_now)
      RETURNING id INTO v_opening;
    IF p_lucky_rolls[i] = 0 THEN
      v_award := kx_post_transfer('lucky_award', 'lucky_award:' || v_opening, 'coin', p_memo, p_now,
        ARRAY['h:promotions', 'u:' || p_user], ARRAY[-p_lucky_award, p_lucky_award]);
      v_balance := (v_award->'balances'->>p_user::text)::bigint;
      INSERT INTO lucky_players (user_id, opening_id, request_row_id, box_id, window_id, award_units, transfer_id,
          box_name, created_at)
        VALUES (p_user, v_opening, v_request, p_box, p_lucky_window, p_lucky_award,
          (v_award->>'transfer_id')::bigint, p_memo, p_now);
      v_lucky := v_lucky || jsonb_build_array(i - 1);
    END IF;
    v_items := v_items || v_item;
    v_openings := v_openings || v_opening;
  END LOOP;
  RETURN jsonb_build_object(
    'status', 'ok',
    'request_row_id', v_request,
    'transfer_id', (v_posted->>'transfer_id')::bigint,
    'balance', v_balance,
    'item_ids', to_jsonb(v_items),
    'opening_ids', to_jsonb(v_openings),
    'lucky', v_lucky);
END $$;
--;;

-- Several openings in one statement (group commit: one round trip, one transaction, one commit
-- flush for all): each exactly as kx_open_box alone, in the order given, and an array of their
-- answers in that order. The caller (boxes.repo.ts openOn) sends the openings asked for in one turn
-- of its event loop, ordered by the players' ledger account owners, the order kx_post_transfer locks
-- accounts in, so batches and transfers of several players cannot deadlock each other. Anything
-- raised undoes them all; the caller then sends each alone.
CREATE OR REPLACE FUNCTION kx_open_boxes(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  a jsonb;
  v_out jsonb := '[]';
BEGIN
  FOR a IN SELECT value FROM jsonb_array_elements(p) LOOP
    v_out := v_out || jsonb_build_array(kx_open_box(
      (a->>'user')::integer, a->>'request', (a->>'box')::integer, (a->>'version')::integer,
      (a->>'price')::bigint, a->>'oddsHash', a->>'memo', a->>'sourceName', (a->>'now')::timestamptz,
      (a->>'seed')::integer, (a->>'nonce')::integer, a->>'clientSeed',
      (a->>'items')::integer[], (a->>'exters')::integer[], (a->>'prices')::bigint[], (a->>'tickets')::integer[],
      a->>'signNonce', (a->>'nonceExpires')::timestamptz,
      (a->>'luckyRolls')::integer[], (a->>'luckyWindow')::integer, (a->>'luckyAward')::bigint));
  END LOOP;
  RETURN v_out;
END $$;
--;;
