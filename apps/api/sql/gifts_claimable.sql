-- Gift gold (decision 021): waiting gifts, not yet due to return, whose invited address a
-- verified customer now has: the claims the KYC event's message may have missed. Reads the
-- waiting gifts through gifts_waiting_email_idx (a partial index: only gifts in escrow) and
-- each address's customer through users_email_key.
CREATE OR REPLACE FUNCTION gifts_claimable(p_at timestamptz, p_limit int)
RETURNS TABLE (gift_id uuid, user_id uuid) LANGUAGE sql STABLE AS $$
  SELECT g.id, u.id
    FROM gifts g JOIN users u ON u.email = g.invited_email
   WHERE g.status = 'waiting' AND g.expires_at > p_at AND u.kyc_status::text = 'Verified'
   ORDER BY g.created_at
   LIMIT p_limit
$$;
