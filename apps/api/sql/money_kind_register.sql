-- An operation type's registration: the row of money_operation_types the kernel dispatches on
-- (its handler, whether it is a purchase that earns referral rewards, its compensation). Each
-- money_op_<kind>.sql file calls it once for its own kind, as it is applied; this file's name
-- sorts before theirs, so the function exists when they run (the migrator applies changed
-- function files in name order, in one transaction). The dispatcher is then written again
-- with the new row (money_dispatch_write).
CREATE OR REPLACE FUNCTION money_kind_register(p_kind text, p_handler text, p_earns_referral boolean,
                                               p_compensation text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO money_operation_types (kind, handler, earns_referral, compensation)
  VALUES (p_kind, p_handler, p_earns_referral, p_compensation)
  ON CONFLICT (kind) DO UPDATE
    SET handler = excluded.handler, earns_referral = excluded.earns_referral, compensation = excluded.compensation;
  PERFORM money_dispatch_write();
END
$$;
