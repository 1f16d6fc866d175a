-- Operation "reward_payout_decide": an operator pays a request (its rewards to the customer's
-- available QMGT, minted) or rejects it (the rewards are vested again): reward_request_booking.
-- A request is decided once (review_decide).
CREATE OR REPLACE FUNCTION money_op_reward_payout_decide(p_op jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT review_decide(p_op, 'reward_requests', 'requestId', 'pending', 'Reward request not found.',
                       'This reward request was already %s.', 'reward_request_booking')
$$;

-- Its registration (money_operation_types): what the kernel needs to know of it.
SELECT money_kind_register('reward_payout_decide', 'money_op_reward_payout_decide', false, NULL);
