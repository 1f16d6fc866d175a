-- The reserves module's one write from a money operation (a physical redemption delivered):
-- the vault gives up `p_grams` of fine gold in the operation's transaction. The bar is the one
-- named (active and holding enough), else the first active bar holding enough, in the order
-- the bars were added; a bar left with nothing is withdrawn from the list. Audited
-- ('reserves.bar.reduce'). Answers the bar as it is now, or a row of NULLs when no bar holds
-- the grams (nothing changed).
CREATE OR REPLACE FUNCTION vault_bar_reduce(p_bar uuid, p_grams numeric, p_actor uuid, p_detail text)
RETURNS vault_bars LANGUAGE plpgsql AS $$
DECLARE
  bar vault_bars;
BEGIN
  SELECT * INTO bar FROM vault_bars
   WHERE removed_at IS NULL AND fine_grams >= p_grams AND (p_bar IS NULL OR id = p_bar)
   ORDER BY added_at, id LIMIT 1 FOR UPDATE;
  IF bar.id IS NULL THEN
    RETURN bar;
  END IF;
  UPDATE vault_bars SET fine_grams = fine_grams - p_grams, updated_at = clock_timestamp(),
         removed_at = CASE WHEN fine_grams = p_grams THEN clock_timestamp() END
   WHERE id = bar.id RETURNING * INTO bar;
  INSERT INTO audit_log (action, actor_id, subject_id, detail)
  VALUES ('reserves.bar.reduce', p_actor, NULL,
          format('%s %s: -%s g (%s)%s', bar.refinery, bar.serial, trim_scale(p_grams / 1000000), p_detail,
                 CASE WHEN bar.removed_at IS NOT NULL THEN ', bar used up and withdrawn' ELSE '' END));
  RETURN bar;
END
$$;
