-- The GES maturity bonus, its one home: bonus instalments x the member's average grams per paid
-- instalment, in micrograms, rounded DOWN (div() truncates and every operand is >= 0); nothing
-- without a paid instalment. ges_close pays it at maturity; the passbook's projection asks it for
-- the bonus of the grams it projects (ges.repository.ts, projectedBonusGrams).
CREATE OR REPLACE FUNCTION ges_bonus_grams(p_held numeric, p_paid_count int, p_bonus_instalments int)
RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_paid_count > 0 THEN div(p_held * p_bonus_instalments, p_paid_count) ELSE 0 END
$$;
