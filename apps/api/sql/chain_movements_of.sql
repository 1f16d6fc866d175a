CREATE OR REPLACE FUNCTION chain_movements_of(p_lines jsonb) RETURNS TABLE (user_id uuid, kind chain_movement_kind, amount numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT x.owner, CASE WHEN x.net > 0 THEN 'mint'::chain_movement_kind ELSE 'burn'::chain_movement_kind END, abs(x.net)
    FROM (SELECT (l->>'owner')::uuid AS owner, sum((l->>'amount')::numeric) AS net
            FROM jsonb_array_elements(p_lines) AS l
           WHERE l->>'asset' = 'QMGT' AND l->>'purpose' NOT IN ('treasury', 'rewards', 'rewards_pool')
           GROUP BY 1) AS x
   WHERE x.net <> 0
$$;
