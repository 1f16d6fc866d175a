-- A refusal before any posting when the customer's available balance cannot pay: a clear
-- answer instead of the CHECK's error (which still stands behind it). Locks the row.
-- Every account of the customer is locked, in id order: two operations of one customer (a
-- buy paying USDT, a sell paying QMGT) cannot each hold one row and wait for the other's.
CREATE OR REPLACE FUNCTION money_can_pay(p_user uuid, p_asset asset, p_amount numeric) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  available numeric;
BEGIN
  SELECT x.balance INTO available
    FROM (SELECT id, asset, purpose, balance FROM ledger_accounts WHERE owner_user_id = p_user ORDER BY id FOR UPDATE) AS x
   WHERE x.asset = p_asset AND x.purpose = 'available';
  RETURN coalesce(available, 0) >= p_amount;
END
$$;
