-- Player protection in the ledger (issue 24 §2, docs/player-protection.md). Statements are
-- separated by lines '--;;'. kx_post_debit and kx_post_transfer (ledger.sql) call these only for a
-- guarded account (ledger_accounts.guarded, read from the row they lock anyway), so a player
-- without protection settings pays nothing for them.

-- How a transfer kind counts for protection: 1 a stake (coins put into play), -1 a return (coins
-- play paid back: payouts, refunds, item sales), 0 neither. Kept in step with
-- PROTECTION_STAKE_KINDS / PROTECTION_RETURN_KINDS (packages/shared/src/protection.ts; a test
-- compares them for every transfer kind).
CREATE OR REPLACE FUNCTION kx_protection_kind(p_kind text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_kind IN ('box_open', 'battle_entry', 'turntable_bet', 'upgrade_stake', 'treasure_card', 'bag_open',
                    'wishing_well') THEN 1
    WHEN p_kind IN ('battle_refund', 'battle_consolation', 'turntable_win', 'turntable_jackpot', 'treasure_refund',
                    'lucky_award', 'item_sell', 'item_recycle', 'item_auto_sell') THEN -1
    ELSE 0 END::smallint
$$;
--;;

-- The China (UTC+8) calendar day of an instant.
CREATE OR REPLACE FUNCTION kx_china_day(p_at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT ((p_at AT TIME ZONE 'UTC') + interval '8 hours')::date
$$;
--;;

-- Locks the player's protection row and applies the raises whose 24 hours have passed (`pending`
-- is {field: {value, at}}, at in epoch ms). Returns the row as it now stands; no row when the
-- player never set anything.
CREATE OR REPLACE FUNCTION kx_protection_settle(p_user integer, p_now timestamptz)
RETURNS SETOF player_protection LANGUAGE plpgsql AS $$
DECLARE
  r player_protection%ROWTYPE;
  v_field text;
  v_due jsonb := '{}'::jsonb;
  v_keep jsonb := '{}'::jsonb;
  v_ms bigint := floor(extract(epoch FROM p_now) * 1000)::bigint;
BEGIN
  SELECT * INTO r FROM player_protection WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  IF r.pending <> '{}'::jsonb THEN
    FOR v_field IN SELECT jsonb_object_keys(r.pending) LOOP
      IF (r.pending->v_field->>'at')::bigint <= v_ms THEN
        v_due := v_due || jsonb_build_object(v_field, r.pending->v_field->'value');
      ELSE
        v_keep := v_keep || jsonb_build_object(v_field, r.pending->v_field);
      END IF;
    END LOOP;
    IF v_due <> '{}'::jsonb THEN
      UPDATE player_protection SET
        deposit_day = CASE WHEN v_due ? 'deposit_day' THEN (v_due->>'deposit_day')::bigint ELSE deposit_day END,
        deposit_week = CASE WHEN v_due ? 'deposit_week' THEN (v_due->>'deposit_week')::bigint ELSE deposit_week END,
        deposit_month = CASE WHEN v_due ? 'deposit_month' THEN (v_due->>'deposit_month')::bigint ELSE deposit_month END,
        loss_day = CASE WHEN v_due ? 'loss_day' THEN (v_due->>'loss_day')::bigint ELSE loss_day END,
        loss_week = CASE WHEN v_due ? 'loss_week' THEN (v_due->>'loss_week')::bigint ELSE loss_week END,
        loss_month = CASE WHEN v_due ? 'loss_month' THEN (v_due->>'loss_month')::bigint ELSE loss_month END,
        pending = v_keep, updated_at = p_now
        WHERE user_id = p_user RETURNING * INTO r;
    END IF;
  END IF;
  RETURN NEXT r;
END $$;
--;;

-- A stake of p_amount coins by a guarded player, called by the ledger after the debit under the
-- player's account row lock (every debit of theirs waits for it): refuses (SQLSTATE KX003, the
-- message names the cause) during a cool-off or an exclusion, when a reality check is due and not
-- acknowledged, or when the stake would take the day's, week's or month's net loss past a limit;
-- else counts it in the day's usage and the session. The refusal aborts the caller's statement,
-- and with it the debit.
CREATE OR REPLACE FUNCTION kx_protection_stake(p_user integer, p_amount bigint, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r player_protection%ROWTYPE;
  v_local timestamp := (p_now AT TIME ZONE 'UTC') + interval '8 hours';
  v_day date := v_local::date;
  v_week date := date_trunc('week', v_local)::date;
  v_month date := date_trunc('month', v_local)::date;
  v_net_day bigint;
  v_net_week bigint;
  v_net_month bigint;
  v_new_session boolean;
BEGIN
  SELECT * INTO r FROM kx_protection_settle(p_user, p_now);
  IF NOT FOUND THEN RETURN; END IF;
  IF r.excluded_until > p_now THEN
    RAISE EXCEPTION 'protection:excluded' USING ERRCODE = 'KX003';
  END IF;
  IF r.cool_off_until > p_now THEN
    RAISE EXCEPTION 'protection:cool_off' USING ERRCODE = 'KX003';
  END IF;
  v_new_session := r.session_last_at IS NULL OR r.session_last_at <= p_now - interval '30 minutes';
  IF NOT v_new_session AND r.session_next_check_at IS NOT NULL AND p_now >= r.session_next_check_at THEN
    RAISE EXCEPTION 'protection:reality_check' USING ERRCODE = 'KX003';
  END IF;
  IF r.loss_day IS NOT NULL OR r.loss_week IS NOT NULL OR r.loss_month IS NOT NULL THEN
    SELECT coalesce(sum(staked - returned) FILTER (WHERE day >= v_day), 0),
           coalesce(sum(staked - returned) FILTER (WHERE day >= v_week), 0),
           coalesce(sum(staked - returned) FILTER (WHERE day >= v_month), 0)
      INTO v_net_day, v_net_week, v_net_month
      FROM protection_usage WHERE user_id = p_user AND day >= least(v_week, v_month);
    IF v_net_day + p_amount > r.loss_day OR v_net_week + p_amount > r.loss_week
        OR v_net_month + p_amount > r.loss_month THEN
      RAISE EXCEPTION 'protection:loss_limit' USING ERRCODE = 'KX003';
    END IF;
  END IF;
  INSERT INTO protection_usage AS u (user_id, day, staked, returned) VALUES (p_user, v_day, p_amount, 0)
    ON CONFLICT (user_id, day) DO UPDATE SET staked = u.staked + EXCLUDED.staked;
  IF v_new_session THEN
    UPDATE player_protection SET session_started_at = p_now, session_last_at = p_now,
        session_staked = p_amount, session_returned = 0,
        session_next_check_at = CASE WHEN reality_minutes > 0
          THEN p_now + make_interval(mins => reality_minutes) ELSE NULL END
      WHERE user_id = p_user;
  ELSE
    UPDATE player_protection SET session_last_at = p_now, session_staked = session_staked + p_amount
      WHERE user_id = p_user;
  END IF;
END $$;
--;;

-- Coins play paid back to a guarded player (a payout, a refund, an item sold): counted against the
-- day's net loss and the session's spend. Never refuses.
CREATE OR REPLACE FUNCTION kx_protection_return(p_user integer, p_amount bigint, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO protection_usage AS u (user_id, day, staked, returned) VALUES (p_user, kx_china_day(p_now), 0, p_amount)
    ON CONFLICT (user_id, day) DO UPDATE SET returned = u.returned + EXCLUDED.returned;
  UPDATE player_protection SET session_returned = session_returned + p_amount
    WHERE user_id = p_user AND session_last_at > p_now - interval '30 minutes';
END $$;
--;;

-- What play took and paid back per China day since p_from, read from the ledger itself (the
-- truth protection_usage keeps a running copy of for guarded players).
CREATE OR REPLACE FUNCTION kx_protection_play(p_user integer, p_from timestamptz)
RETURNS TABLE (day date, staked bigint, returned bigint) LANGUAGE sql STABLE AS $$
  SELECT kx_china_day(e.created_at),
      coalesce(sum(-e.amount) FILTER (WHERE e.amount < 0 AND kx_protection_kind(t.kind) = 1), 0)::bigint,
      coalesce(sum(e.amount) FILTER (WHERE e.amount > 0 AND kx_protection_kind(t.kind) = -1), 0)::bigint
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id AND a.owner = 'u:' || p_user AND a.currency = 'coin'
    JOIN ledger_transfers t ON t.id = e.transfer_id
    WHERE e.created_at >= p_from
    GROUP BY 1
$$;
--;;

-- Starts guarding a player's coin account (idempotent): the account row is made if missing and
-- locked, so no debit of theirs runs meanwhile; the first time, this month's and this week's play
-- is read back from the ledger into protection_usage, so a loss limit set today counts what the
-- period has already seen.
CREATE OR REPLACE FUNCTION kx_protection_guard(p_user integer, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_account integer;
  v_guarded boolean;
  v_local timestamp := (p_now AT TIME ZONE 'UTC') + interval '8 hours';
  v_from timestamptz;
BEGIN
  INSERT INTO ledger_accounts AS a (owner, user_id, currency, balance)
    VALUES ('u:' || p_user, p_user, 'coin', 0)
    ON CONFLICT (owner, currency) DO NOTHING;
  SELECT id, guarded INTO v_account, v_guarded FROM ledger_accounts
    WHERE owner = 'u:' || p_user AND currency = 'coin' FOR UPDATE;
  IF v_guarded THEN RETURN; END IF;
  v_from := (least(date_trunc('week', v_local), date_trunc('month', v_local)) - interval '8 hours') AT TIME ZONE 'UTC';
  INSERT INTO protection_usage AS u (user_id, day, staked, returned)
    SELECT p_user, p.day, p.staked, p.returned FROM kx_protection_play(p_user, v_from) p
    ON CONFLICT (user_id, day) DO UPDATE SET staked = EXCLUDED.staked, returned = EXCLUDED.returned;
  UPDATE ledger_accounts SET guarded = true WHERE id = v_account;
END $$;
--;;
