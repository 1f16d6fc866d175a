CREATE OR REPLACE FUNCTION money_refusal(p_status int, p_name text, p_message text, p_details jsonb DEFAULT '{}'::jsonb)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('status', p_status, 'error',
    jsonb_build_object('status', p_status, 'name', p_name, 'message', p_message, 'details', p_details))
$$;
