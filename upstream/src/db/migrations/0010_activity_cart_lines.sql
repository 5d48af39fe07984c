-- Activity lines in the cart (issue 4): a combination set (组合购, type 3) is one line naming its group, a
-- group-buy join (拼团, type 2) one line naming its offer. 0 means "none", so the unique key below still makes
-- the same goods, set or offer added again add to its one line (NULLs would never conflict).
ALTER TABLE cart_lines ADD COLUMN combination_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cart_lines ADD COLUMN group_buy_id INTEGER NOT NULL DEFAULT 0;

-- The old unique key's name was made up by PostgreSQL (and truncated); find it rather than guess it.
DO $$
DECLARE
  old_key TEXT;
BEGIN
  SELECT conname INTO old_key FROM pg_constraint
  WHERE conrelid = 'cart_lines'::regclass AND contype = 'u';
  IF old_key IS NOT NULL THEN
    EXECUTE format('ALTER TABLE cart_lines DROP CONSTRAINT %I', old_key);
  END IF;
END
$$;
ALTER TABLE cart_lines ADD CONSTRAINT cart_lines_line_key UNIQUE (user_id, goods_id, type, goods_price_id,
  ladder_price_id, goods_manjian_id, is_yj, combination_id, group_buy_id);

-- What an order line was sold under, so the order shows a set as a set and a cancel gives group-buy units back.
-- A combination line of N sets is recorded as one order line per goods of the set (number = units per set × N,
-- at its combination unit price), each naming the set.
ALTER TABLE order_lines ADD COLUMN combination_id INTEGER;
ALTER TABLE order_lines ADD COLUMN combination_name TEXT;
ALTER TABLE order_lines ADD COLUMN combination_number INTEGER;
ALTER TABLE order_lines ADD COLUMN sets INTEGER CHECK (sets > 0);
ALTER TABLE order_lines ADD COLUMN group_buy_id INTEGER;
