-- The one prologue of every operation that decides a customer's row once (an operator's
-- review of a request, a reward claimed, a staking position closed): the row is locked for the
-- rest of the transaction and refused as not found (404; another customer's row is not found
-- either) or as already decided (409, p_taken names the status it has: 'This ... was already %s.').
-- NULL: the row waits for this decision. The caller then reads it (already locked).
CREATE OR REPLACE FUNCTION review_claim(p_table regclass, p_id uuid, p_owner uuid, p_open text, p_not_found text,
                                        p_taken text, p_owner_column text DEFAULT 'user_id')
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  current_status text;
BEGIN
  EXECUTE format('SELECT status::text FROM %s WHERE id = $1 AND %I = $2 FOR UPDATE', p_table, p_owner_column)
    INTO current_status USING p_id, p_owner;
  IF current_status IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', p_not_found);
  END IF;
  IF current_status <> p_open THEN
    RETURN money_refusal(409, 'ConflictError', format(p_taken, current_status));
  END IF;
  RETURN NULL;
END
$$;
