-- The price engine (issue 23, PRICE-01..PRICE-12): seckills with their own stock and per-buyer limits, gifts and a
-- goods' own 满减 carried into the order, and each order line naming the promotion that priced it.

-- PRICE-03: a seckill's own stock (units on offer at the seckill price, apart from the goods' stock), how many of
-- them are sold, and how many one buyer may buy. Null on the rows of other activity types.
ALTER TABLE goods_activities ADD COLUMN stock INTEGER CHECK (stock >= 0);
ALTER TABLE goods_activities ADD COLUMN sold INTEGER NOT NULL DEFAULT 0 CHECK (sold >= 0);
ALTER TABLE goods_activities ADD COLUMN per_buyer_limit INTEGER CHECK (per_buyer_limit > 0);
-- The conditional update that sells seckill units is the guard; this backs it up.
ALTER TABLE goods_activities ADD CONSTRAINT goods_activities_sold_within_stock CHECK (stock IS NULL OR sold <= stock);

-- Stores seeded before this migration: their seckill goods get the seed's quota and limit (seed/activities.ts).
UPDATE goods_activities ga SET stock = 50, per_buyer_limit = 5
FROM activities a WHERE a.id = ga.activity_id AND a.type = 'seckill' AND ga.stock IS NULL;

-- PRICE-03: units each buyer bought in each seckill, counted in the order's transaction by one conditional upsert,
-- so concurrent orders of one buyer cannot pass the limit; a cancelled order gives its units back.
CREATE TABLE seckill_buys (
  activity_id INTEGER NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  goods_id INTEGER NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  number INTEGER NOT NULL CHECK (number >= 0),
  PRIMARY KEY (activity_id, goods_id, user_id)
);

-- What priced each order line (PRICE-12): SECKILL, DISCOUNT, WELFARE, GROUP_BUY, COMBINATION or GIFT with the
-- activity's id; null for the ordinary price. A gift line (is_gift 1) is priced 0 and takes stock like any line.
ALTER TABLE order_lines ADD COLUMN promotion TEXT;
ALTER TABLE order_lines ADD COLUMN activity_id INTEGER;
ALTER TABLE order_lines ADD COLUMN is_gift INTEGER NOT NULL DEFAULT 0;
-- PRICE-06: what the goods' own 满减 took off this line.
ALTER TABLE order_lines ADD COLUMN manjian_amount INTEGER NOT NULL DEFAULT 0 CHECK (manjian_amount >= 0);
ALTER TABLE orders ADD COLUMN goods_manjian_amount INTEGER NOT NULL DEFAULT 0 CHECK (goods_manjian_amount >= 0);
