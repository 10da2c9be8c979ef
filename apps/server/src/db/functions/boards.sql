-- Statements are separated by lines '--;;' (each runs on its own). Applied after the migrations on
-- every start (idempotent). The boards of issue 25 (docs/promotions/boards.md): board_scores is
-- kept by triggers on the game records, in the transaction that writes the record, so a board is
-- current the moment the win commits and reading one never scans the records.

-- The China calendar day (UTC+8) of an instant, and the Monday of its week: the same rule as
-- modules/boards/periods.ts (boards.int.test.ts checks both agree).
CREATE OR REPLACE FUNCTION kx_board_day(p_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT ((p_at AT TIME ZONE 'UTC') + interval '8 hours')::date
$$;
--;;

CREATE OR REPLACE FUNCTION kx_board_periods(p_at timestamptz) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[
    'd:' || to_char(kx_board_day(p_at), 'YYYY-MM-DD'),
    'w:' || to_char(kx_board_day(p_at) - (extract(isodow FROM kx_board_day(p_at))::int - 1), 'YYYY-MM-DD')
  ]
$$;
--;;

-- Adds to a sum board in the given periods (a day and its week: kx_board_periods; an activity's).
-- One statement; the rows are the player's own, so two players' records never wait on each other.
CREATE OR REPLACE FUNCTION kx_board_add(p_board text, p_periods text[], p_user integer, p_score bigint,
  p_at timestamptz)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO board_scores AS s (board, period, user_id, score, plays, reached_at)
    SELECT p_board, period, p_user, p_score, 1, p_at FROM unnest(p_periods) AS period
  ON CONFLICT (board, period, user_id) DO UPDATE
    SET score = s.score + excluded.score, plays = s.plays + 1,
        reached_at = CASE WHEN excluded.score > 0 THEN excluded.reached_at ELSE s.reached_at END
$$;
--;;

-- Box openings: the Cases board counts the box's price; the unpacking king keeps the player's
-- best single item of the day by value and by multiple of the box's price (basis points). Only
-- openings the player paid for count: not a box price of 0 (a test row), and not a free box (the
-- house funded it: its claim row, written first in the same transaction, names the request).
CREATE OR REPLACE FUNCTION kx_board_opening() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_periods text[];
  v_request text;
BEGIN
  IF NEW.box_price_units <= 0 THEN
    RETURN NULL;
  END IF;
  SELECT request_id INTO v_request FROM box_open_requests WHERE id = NEW.request_row_id;
  IF v_request LIKE 'free\_%' AND EXISTS (
    SELECT 1 FROM free_box_claims WHERE user_id = NEW.user_id AND request_id = v_request
  ) THEN
    RETURN NULL;
  END IF;
  v_periods := kx_board_periods(NEW.created_at);
  PERFORM kx_board_add('cases', v_periods, NEW.user_id, NEW.box_price_units, NEW.created_at);
  INSERT INTO board_scores AS s (board, period, user_id, score, plays, ref_id, reached_at)
    VALUES ('king_value', v_periods[1], NEW.user_id, NEW.price_units, 1, NEW.id, NEW.created_at),
           ('king_multiple', v_periods[1], NEW.user_id, NEW.price_units * 10000 / NEW.box_price_units, 1, NEW.id,
            NEW.created_at)
  ON CONFLICT (board, period, user_id) DO UPDATE
    SET score = excluded.score, ref_id = excluded.ref_id, reached_at = excluded.reached_at,
        plays = s.plays + 1
    WHERE excluded.score > s.score;
  RETURN NULL;
END
$$;
--;;

DROP TRIGGER IF EXISTS kx_board_opening ON box_openings;
--;;
CREATE TRIGGER kx_board_opening AFTER INSERT ON box_openings
  FOR EACH ROW EXECUTE FUNCTION kx_board_opening();
--;;

-- Upgrades: the Upgrade board counts the stake (items' prices plus balance).
CREATE OR REPLACE FUNCTION kx_board_upgrade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stake_units > 0 THEN
    PERFORM kx_board_add('upgrade', kx_board_periods(NEW.created_at), NEW.user_id, NEW.stake_units, NEW.created_at);
  END IF;
  RETURN NULL;
END
$$;
--;;

DROP TRIGGER IF EXISTS kx_board_upgrade ON upgrade_records;
--;;
CREATE TRIGGER kx_board_upgrade AFTER INSERT ON upgrade_records
  FOR EACH ROW EXECUTE FUNCTION kx_board_upgrade();
--;;

-- Battles, when one ends (a dissolved battle was refunded and counts for nothing): the PK board
-- counts the entry price of every real player's seat; a PK power activity running at the end
-- gives the creator create_power and each real winner win_power. Robots count nowhere.
CREATE OR REPLACE FUNCTION kx_board_battle() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_at timestamptz := coalesce(NEW.ended_at, NEW.updated_at);
  v_price bigint := coalesce((NEW.data->>'entryPrice')::bigint, 0);
  v_seat jsonb;
  v_index integer := -1;
  v_event pk_power_events%ROWTYPE;
  v_power integer;
  v_winners jsonb := coalesce(NEW.data->'result'->'winners', '[]'::jsonb);
  v_periods text[] := kx_board_periods(coalesce(NEW.ended_at, NEW.updated_at));
BEGIN
  SELECT * INTO v_event FROM pk_power_events
    WHERE starts_at <= v_at AND ends_at > v_at ORDER BY id LIMIT 1;
  FOR v_seat IN SELECT value FROM jsonb_array_elements(NEW.data->'seats') LOOP
    v_index := v_index + 1;
    CONTINUE WHEN v_seat IS NULL OR jsonb_typeof(v_seat) <> 'object' OR (v_seat->>'robot')::boolean;
    IF v_price > 0 THEN
      PERFORM kx_board_add('pk', v_periods, (v_seat->>'userId')::integer, v_price, v_at);
    END IF;
    IF v_event.id IS NOT NULL THEN
      v_power := 0;
      IF (v_seat->>'userId')::integer = (NEW.data->>'creatorId')::integer THEN
        v_power := v_power + v_event.create_power;
      END IF;
      IF v_winners @> to_jsonb(v_index) THEN
        v_power := v_power + v_event.win_power;
      END IF;
      PERFORM kx_board_add('pk_power', ARRAY['e:' || v_event.id], (v_seat->>'userId')::integer, v_power, v_at);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--;;

DROP TRIGGER IF EXISTS kx_board_battle ON game_rooms;
--;;
CREATE TRIGGER kx_board_battle AFTER UPDATE OF state ON game_rooms
  FOR EACH ROW WHEN (NEW.game = 'battle' AND NEW.state = 'ended' AND OLD.state IS DISTINCT FROM 'ended')
  EXECUTE FUNCTION kx_board_battle();
