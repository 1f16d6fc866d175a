-- The one body of every operation that ends a reviewed request (an operator's approval or
-- rejection, the customer's withdrawal): the request named by p_op->>p_id_key is claimed
-- (review_claim: locked for the rest of the transaction, refused as not found or as no longer
-- p_open; the refusal is the answer), its own booking runs on the locked row, and the status it
-- takes is settled (review_settle). p_status is that status; NULL: the operator's decision's
-- ('approved' or 'rejected'). p_book names the request type's booking, a function
-- (request <p_table>, p_op jsonb, p_status text) RETURNS jsonb: it moves what the status moves
-- and answers money_book's answer, or NULL when it booked no transaction (a plain 200). The
-- answer names the request under p_id_key. The row lock is what makes a withdrawal and an
-- operator's decision racing on one request unable to both win.
CREATE OR REPLACE FUNCTION review_decide(p_op jsonb, p_table regclass, p_id_key text, p_open text, p_not_found text,
                                         p_taken text, p_book text, p_status text DEFAULT NULL)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  request_id uuid := (p_op->>p_id_key)::uuid;
  settled text := coalesce(p_status, CASE WHEN p_op->>'decision' = 'approve' THEN 'approved' ELSE 'rejected' END);
  answer jsonb := review_claim(p_table, request_id, (p_op->>'userId')::uuid, p_open, p_not_found, p_taken);
BEGIN
  IF answer IS NOT NULL THEN
    RETURN answer;
  END IF;
  EXECUTE format('SELECT %I(r, $2, $3) FROM %s r WHERE r.id = $1', p_book, p_table)
    INTO answer USING request_id, p_op, settled;
  PERFORM review_settle(p_table, request_id, settled, p_op);
  RETURN coalesce(answer, jsonb_build_object('status', 200)) || jsonb_build_object(p_id_key, request_id);
END
$$;
