-- Statements are separated by lines '--;;' (each runs on its own). Applied after the migrations on
-- every start (idempotent: CREATE OR REPLACE). See docs/money-and-items.md, Ledger ("One round trip").

-- A house account's leg of a transfer: its entry. House accounts keep no cached balance: the entry
-- is appended and no row is locked. Those seeded with a balance (a jackpot pool,
-- BALANCED_HOUSE_ACCOUNTS) keep it, never below zero (KX001). The account is made on first use.
CREATE OR REPLACE FUNCTION kx_house_entry(
  p_transfer bigint, p_owner text, p_currency text, p_amount bigint, p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_account integer;
  v_balance bigint;
BEGIN
  SELECT id, balance INTO v_account, v_balance FROM ledger_accounts
    WHERE owner = p_owner AND currency = p_currency;
  IF v_account IS NULL THEN
    INSERT INTO ledger_accounts (owner, currency, balance) VALUES (p_owner, p_currency, NULL)
      ON CONFLICT (owner, currency) DO NOTHING;
    SELECT id, balance INTO v_account, v_balance FROM ledger_accounts
      WHERE owner = p_owner AND currency = p_currency;
  END IF;
  IF v_balance IS NOT NULL THEN
    UPDATE ledger_accounts SET balance = balance + p_amount
      WHERE id = v_account AND balance + p_amount >= 0
      RETURNING balance INTO v_balance;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insufficient % balance of %', p_currency, p_owner USING ERRCODE = 'KX001';
    END IF;
  END IF;
  INSERT INTO ledger_entries (transfer_id, account_id, currency, amount, balance_after, created_at)
    VALUES (p_transfer, v_account, p_currency, p_amount, v_balance, p_now);
END $$;
--;;

-- Posts one balanced transfer: the whole of ledger.ts#postTransfer in one statement, so a money
-- operation costs one round trip to PostgreSQL instead of one per leg plus the transfer row.
--
-- p_owners / p_amounts are the legs ('u:<user id>' or 'h:<house account>', signed units; the caller
-- has checked that they sum to zero). Returns {transfer_id, duplicate, balances: {"<user id>": n}}:
-- a key posted before moves nothing and reports duplicate. A user debit is
-- `balance - x WHERE balance >= x`; a short balance raises SQLSTATE KX001 (the caller maps it to
-- its own error), which aborts the caller's transaction like any failed statement.
CREATE OR REPLACE FUNCTION kx_post_transfer(
  p_kind text, p_key text, p_currency text, p_memo text, p_now timestamptz,
  p_owners text[], p_amounts bigint[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_transfer bigint;
  v_account integer;
  v_balance bigint;
  v_balances jsonb := '{}'::jsonb;
  v_leg record;
  v_guarded boolean;
BEGIN
  INSERT INTO ledger_transfers (kind, idem_key, memo, created_at)
    VALUES (p_kind, p_key, p_memo, p_now)
    ON CONFLICT (idem_key) DO NOTHING
    RETURNING id INTO v_transfer;
  IF v_transfer IS NULL THEN
    SELECT id INTO v_transfer FROM ledger_transfers WHERE idem_key = p_key;
    RETURN jsonb_build_object('transfer_id', v_transfer, 'duplicate', true, 'balances', v_balances);
  END IF;

  -- Rows are locked in one fixed order (by owner, bytewise) by every transfer, so two transfers
  -- between the same users cannot deadlock.
  FOR v_leg IN
    SELECT l.owner, l.amount FROM unnest(p_owners, p_amounts) AS l(owner, amount) ORDER BY l.owner COLLATE "C"
  LOOP
    IF v_leg.owner LIKE 'u:%' THEN
      IF v_leg.amount > 0 THEN
        INSERT INTO ledger_accounts AS a (owner, user_id, currency, balance)
          VALUES (v_leg.owner, substr(v_leg.owner, 3)::integer, p_currency, v_leg.amount)
          ON CONFLICT (owner, currency) DO UPDATE SET balance = a.balance + EXCLUDED.balance
          RETURNING a.id, a.balance, a.guarded INTO v_account, v_balance, v_guarded;
        -- Protection (protection.sql): only a guarded player's coins are counted.
        IF v_guarded AND p_currency = 'coin' AND kx_protection_kind(p_kind) = -1 THEN
          PERFORM kx_protection_return(substr(v_leg.owner, 3)::integer, v_leg.amount, p_now);
        END IF;
      ELSE
        UPDATE ledger_accounts SET balance = balance + v_leg.amount
          WHERE owner = v_leg.owner AND currency = p_currency AND balance >= -v_leg.amount
          RETURNING id, balance, guarded INTO v_account, v_balance, v_guarded;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'insufficient % balance of %', p_currency, v_leg.owner USING ERRCODE = 'KX001';
        END IF;
        IF v_guarded AND p_currency = 'coin' AND kx_protection_kind(p_kind) = 1 THEN
          PERFORM kx_protection_stake(substr(v_leg.owner, 3)::integer, -v_leg.amount, p_now);
        END IF;
      END IF;
      v_balances := v_balances || jsonb_build_object(substr(v_leg.owner, 3), v_balance);
      INSERT INTO ledger_entries (transfer_id, account_id, currency, amount, balance_after, created_at)
        VALUES (v_transfer, v_account, p_currency, v_leg.amount, v_balance, p_now);
    ELSE
      PERFORM kx_house_entry(v_transfer, v_leg.owner, p_currency, v_leg.amount, p_now);
    END IF;
  END LOOP;
  RETURN jsonb_build_object('transfer_id', v_transfer, 'duplicate', false, 'balances', v_balances);
END $$;
--;;

-- The commonest transfer, a player paying the house (a box, a stake, a card), in the fewest
-- statements: kx_post_transfer's rules for exactly two legs, -p_amount from user p_user and
-- +p_amount to house account p_house, without its general loop. The debit comes first and is
-- guarded (`balance >= p_amount`): a short balance returns {short: true} having written nothing,
-- so the caller may answer the refusal and keep what else it wrote. A key posted before raises
-- KX002 (the caller checks its own request row first; this is a twin that committed meanwhile).
-- Returns {transfer_id, balance}: the player's balance after.
CREATE OR REPLACE FUNCTION kx_post_debit(
  p_kind text, p_key text, p_currency text, p_memo text, p_now timestamptz,
  p_user integer, p_house text, p_amount bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_transfer bigint;
  v_user_account integer;
  v_balance bigint;
  v_guarded boolean;
BEGIN
  IF p_amount <= 0 THEN
    RAISE EXCEPTION 'a debit of % units', p_amount;
  END IF;
  UPDATE ledger_accounts SET balance = balance - p_amount
    WHERE owner = 'u:' || p_user AND currency = p_currency AND balance >= p_amount
    RETURNING id, balance, guarded INTO v_user_account, v_balance, v_guarded;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('short', true);
  END IF;
  -- Protection (protection.sql): a refusal raises KX003 and undoes the debit with the statement.
  IF v_guarded AND p_currency = 'coin' AND kx_protection_kind(p_kind) = 1 THEN
    PERFORM kx_protection_stake(p_user, p_amount, p_now);
  END IF;
  INSERT INTO ledger_transfers (kind, idem_key, memo, created_at)
    VALUES (p_kind, p_key, p_memo, p_now)
    ON CONFLICT (idem_key) DO NOTHING
    RETURNING id INTO v_transfer;
  IF v_transfer IS NULL THEN
    RAISE EXCEPTION 'transfer % posted concurrently', p_key USING ERRCODE = 'KX002';
  END IF;
  INSERT INTO ledger_entries (transfer_id, account_id, currency, amount, balance_after, created_at)
    VALUES (v_transfer, v_user_account, p_currency, -p_amount, v_balance, p_now);
  PERFORM kx_house_entry(v_transfer, 'h:' || p_house, p_currency, p_amount, p_now);
  RETURN jsonb_build_object('transfer_id', v_transfer, 'balance', v_balance);
END $$;
--;;
