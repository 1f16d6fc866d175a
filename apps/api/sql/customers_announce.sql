-- Announces on a channel the customers a commit changed, as the API's caches read it (the
-- balances, decision 004; the history pages, decision 025): their ids, comma-separated, or '*'
-- (everyone) past 200 of them. 200 ids of 37 characters stay well under PostgreSQL's
-- 8000-byte payload limit.
CREATE OR REPLACE FUNCTION customers_announce(p_channel text, p_customers text[]) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify(p_channel,
    CASE WHEN cardinality(p_customers) > 200 THEN '*' ELSE array_to_string(p_customers, ',') END);
$$;
