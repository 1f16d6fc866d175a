-- The decision written on a reviewed request (the common review columns: status, decided_at,
-- decided_by, reason): the operation's `now` and operator, the reason on a rejection only. The
-- status change is what owes the customer's mail (sql/outbox_owe_status_mail.sql).
CREATE OR REPLACE FUNCTION review_settle(p_table regclass, p_id uuid, p_status text, p_op jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE %s SET status = $1, decided_at = ($2->>''now'')::timestamptz,
                   decided_by = ($2->>''operatorId'')::uuid,
                   reason = CASE WHEN $1 = ''rejected'' THEN $2->>''reason'' ELSE reason END
                 WHERE id = $3', p_table)
    USING p_status, p_op, p_id;
END
$$;
