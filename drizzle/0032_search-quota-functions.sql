-- The search quota's reservation rules (docs/decisions/011, 048, 051) as database functions: a
-- search reserves, settles or releases in ONE statement (one round trip, plans kept by the
-- function) instead of a transaction of four or five. Each function is one transaction (the
-- statement's own, or the caller's) and takes the user's row lock first, as every quota write does
-- (one lock order). Statements after the lock take fresh snapshots (plpgsql, READ COMMITTED), so
-- they see every reservation committed before the lock was granted, exactly as the separate
-- statements did. A quota month is 'YYYY-MM' in UTC (lib/domain/usage.ts quotaMonth).

-- Counts one search for the user if the quota allows it (p_limit null = unlimited); true if counted.
CREATE OR REPLACE FUNCTION unbuilt_count_search(p_user_id integer, p_limit integer, p_now timestamptz)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_month text := to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM');
BEGIN
  UPDATE users SET
    search_count = CASE WHEN to_char(last_reset_date AT TIME ZONE 'UTC', 'YYYY-MM') = v_month THEN search_count + 1 ELSE 1 END,
    last_reset_date = CASE WHEN to_char(last_reset_date AT TIME ZONE 'UTC', 'YYYY-MM') = v_month THEN last_reset_date ELSE p_now END
  WHERE id = p_user_id
    AND (p_limit IS NULL OR to_char(last_reset_date AT TIME ZONE 'UTC', 'YYYY-MM') <> v_month OR search_count < p_limit);
  RETURN FOUND;
END $$;
--> statement-breakpoint
-- Gives one unit back to the month it was taken from (nothing when the count has since restarted).
CREATE OR REPLACE FUNCTION unbuilt_refund_search(p_user_id integer, p_quota_month text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET search_count = search_count - 1
  WHERE id = p_user_id AND search_count > 0 AND to_char(last_reset_date AT TIME ZONE 'UTC', 'YYYY-MM') = p_quota_month;
END $$;
--> statement-breakpoint
-- Under the user's row lock: deletes the user's reservation p_reservation_id, or those expired at
-- p_expired_at, refunding each one this DELETE returned (so none is refunded twice); how many.
CREATE OR REPLACE FUNCTION unbuilt_drop_reservations(p_user_id integer, p_reservation_id integer, p_expired_at timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r record;
  n integer := 0;
BEGIN
  PERFORM 1 FROM users WHERE id = p_user_id FOR UPDATE;
  FOR r IN
    DELETE FROM search_reservations
    WHERE user_id = p_user_id AND (id = p_reservation_id OR expires_at <= p_expired_at)
    RETURNING quota_month
  LOOP
    PERFORM unbuilt_refund_search(p_user_id, r.quota_month);
    n := n + 1;
  END LOOP;
  RETURN n;
END $$;
--> statement-breakpoint
-- Reserves a search before the engine runs: expired reservations refunded, then the in-flight cap,
-- then the unit counted within the quota, then the reservation stored.
-- outcome: 'reserved' (reservation_id set), 'too_many_in_flight' or 'quota_exhausted'.
CREATE OR REPLACE FUNCTION unbuilt_reserve_search(
  p_user_id integer, p_limit integer, p_now timestamptz, p_expires_at timestamptz, p_max_in_flight integer,
  OUT outcome text, OUT reservation_id integer, OUT month text)
LANGUAGE plpgsql AS $$
DECLARE
  v_live integer;
BEGIN
  PERFORM unbuilt_drop_reservations(p_user_id, NULL, p_now);
  month := to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM');
  SELECT count(*) INTO v_live FROM search_reservations WHERE user_id = p_user_id AND expires_at > p_now;
  IF v_live >= p_max_in_flight THEN
    outcome := 'too_many_in_flight';
  ELSIF NOT unbuilt_count_search(p_user_id, p_limit, p_now) THEN
    outcome := 'quota_exhausted';
  ELSE
    INSERT INTO search_reservations (user_id, quota_month, started_at, expires_at)
    VALUES (p_user_id, month, p_now, p_expires_at)
    RETURNING id INTO reservation_id;
    outcome := 'reserved';
  END IF;
END $$;
--> statement-breakpoint
-- Settles a reservation when its answer is stored: frees the slot, keeps the unit when the answer
-- uses up a search and gives it back when it does not. A reservation that already expired (its
-- unit given back) is counted again, within the limit. False (or, with p_raise, the error UB001)
-- when the quota no longer allows it: the caller stores nothing.
CREATE OR REPLACE FUNCTION unbuilt_settle_search(
  p_reservation_id integer, p_user_id integer, p_quota_month text, p_uses_search boolean, p_limit integer,
  p_now timestamptz, p_raise boolean)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = p_user_id FOR UPDATE;
  DELETE FROM search_reservations WHERE id = p_reservation_id;
  IF FOUND THEN
    IF NOT p_uses_search THEN
      PERFORM unbuilt_refund_search(p_user_id, p_quota_month);
    END IF;
    RETURN true;
  END IF;
  IF NOT p_uses_search THEN
    RETURN true;
  END IF;
  IF unbuilt_count_search(p_user_id, p_limit, p_now) THEN
    RETURN true;
  END IF;
  IF p_raise THEN
    RAISE EXCEPTION 'The search quota no longer allows this search.' USING ERRCODE = 'UB001';
  END IF;
  RETURN false;
END $$;
