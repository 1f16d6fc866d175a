-- Staking QMGT+ (issue 11): QMGT locked for 90, 180 or 365 days at 4, 6 or 8% APR, simple
-- interest paid in QMGT at maturity (minted); an early unstake returns the principal and
-- forfeits the interest. Only customers with an upline (checked by the API and here).
CREATE TABLE "staking_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL UNIQUE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"amount" numeric(78, 0) NOT NULL,
	"term_days" integer NOT NULL,
	"apr_bps" integer NOT NULL,
	"interest" numeric(78, 0) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"matures_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"closed_at" timestamp with time zone,
	"closing_transaction_id" uuid,
	CONSTRAINT "staking_positions_amount" CHECK ("amount" > 0 AND "interest" >= 0),
	CONSTRAINT "staking_positions_status" CHECK ("status" IN ('active', 'matured', 'unstaked'))
) WITH (fillfactor = 80);
--> statement-breakpoint
CREATE INDEX "staking_positions_user_idx" ON "staking_positions" ("user_id", "starts_at");
--> statement-breakpoint
CREATE INDEX "staking_positions_due_idx" ON "staking_positions" ("matures_at") WHERE "status" = 'active';
--> statement-breakpoint
-- Operation "staking_stake": available QMGT to locked, for the term the API priced.
CREATE FUNCTION money_op_staking_stake(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  principal numeric := (p_op->>'amount')::numeric;
  answer jsonb;
  position_id uuid := gen_random_uuid();
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = customer AND upline_id IS NOT NULL) THEN
    RETURN money_refusal(403, 'ForbiddenError', 'Staking QMGT+ is open to customers who joined through a referral.');
  END IF;
  IF NOT money_can_pay(customer, 'QMGT', principal) THEN
    RETURN money_refusal(422, 'InsufficientFundsError', 'Insufficient QMGT balance.', jsonb_build_object('asset', 'QMGT'));
  END IF;
  answer := money_book('staking.stake', position_id::text, jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'QMGT', 'amount', (-principal)::text),
      jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'QMGT', 'amount', principal::text)),
    jsonb_build_object('userId', customer, 'type', 'STAKING', 'code', p_op->>'code', 'assetIn', 'QMGT',
      'amountIn', principal::text));
  INSERT INTO staking_positions (id, code, user_id, amount, term_days, apr_bps, interest, starts_at, matures_at)
  VALUES (position_id, p_op->>'code', customer, principal, (p_op->>'termDays')::int, (p_op->>'aprBps')::int,
          (p_op->>'interest')::numeric, (p_op->>'now')::timestamptz, (p_op->>'maturesAt')::timestamptz);
  RETURN answer || jsonb_build_object('positionId', position_id);
END
$$;
--> statement-breakpoint
-- Operation "staking_close": at maturity the principal returns and the interest is paid from
-- the issuer (minted); before it, on the customer's unstake, the principal returns alone.
-- A position closes once.
CREATE FUNCTION money_op_staking_close(p_op jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  customer uuid := (p_op->>'userId')::uuid;
  position staking_positions;
  matured boolean;
  answer jsonb;
BEGIN
  SELECT * INTO position FROM staking_positions WHERE id = (p_op->>'positionId')::uuid AND user_id = customer FOR UPDATE;
  IF position.id IS NULL THEN
    RETURN money_refusal(404, 'NotFoundError', 'Staking position not found.');
  END IF;
  IF position.status <> 'active' THEN
    RETURN money_refusal(409, 'ConflictError', format('This position is already %s.', position.status));
  END IF;
  matured := position.matures_at <= (p_op->>'now')::timestamptz;
  IF p_op->>'reason' = 'maturity' AND NOT matured THEN
    RETURN jsonb_build_object('status', 200, 'outcome', 'not_due');
  END IF;
  answer := money_book(CASE WHEN matured THEN 'staking.maturity' ELSE 'staking.unstake' END, position.id::text,
    jsonb_build_array(
      jsonb_build_object('owner', customer, 'purpose', 'locked', 'asset', 'QMGT', 'amount', (-position.amount)::text),
      jsonb_build_object('owner', customer, 'purpose', 'available', 'asset', 'QMGT',
                         'amount', (position.amount + CASE WHEN matured THEN position.interest ELSE 0 END)::text))
    || CASE WHEN matured AND position.interest > 0
         THEN jsonb_build_array(jsonb_build_object('owner', NULL, 'purpose', 'treasury', 'asset', 'QMGT',
                                                   'amount', (-position.interest)::text))
         ELSE '[]'::jsonb END,
    jsonb_build_object('userId', customer, 'type', 'STAKING', 'code', p_op->>'code', 'assetOut', 'QMGT',
      'amountOut', (position.amount + CASE WHEN matured THEN position.interest ELSE 0 END)::text));
  UPDATE staking_positions SET status = CASE WHEN matured THEN 'matured' ELSE 'unstaked' END,
         closed_at = (p_op->>'now')::timestamptz, closing_transaction_id = (answer->'transaction'->>'id')::uuid
   WHERE id = position.id;
  RETURN answer || jsonb_build_object('positionId', position.id, 'outcome', CASE WHEN matured THEN 'matured' ELSE 'unstaked' END);
END
$$;
