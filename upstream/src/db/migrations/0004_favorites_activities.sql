-- Favourites: one row per buyer and goods, so adding a favourite twice is a no-op (ON CONFLICT DO NOTHING).
CREATE TABLE favorites (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  goods_id INTEGER NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, goods_id)
);
-- The favourites page lists a buyer's goods newest first.
CREATE INDEX favorites_user_created_idx ON favorites (user_id, created_at DESC, goods_id DESC);

-- Goods promotions shown on lists and the detail page. One activity covers many goods; the columns that matter
-- depend on the type (money in fen, discount as the percentage paid):
--   manjian  满减  threshold (fen) and reduce (fen)
--   discount 折扣  discount (percent paid, 1..99)
--   seckill  秒杀  the price is per goods (goods_activities.price)
--   exchange 换购  threshold (fen) and the extra goods (gift_goods_id) at the per-goods price
--   gift     赠品  threshold (quantity) and gift_number units of gift_goods_id
CREATE TABLE activities (
  id SERIAL PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('manjian', 'discount', 'seckill', 'exchange', 'gift')),
  name TEXT NOT NULL,
  describe TEXT NOT NULL,
  threshold INTEGER CHECK (threshold > 0),
  reduce INTEGER CHECK (reduce > 0),
  discount INTEGER CHECK (discount > 0 AND discount < 100),
  gift_goods_id INTEGER REFERENCES goods (id),
  gift_number INTEGER CHECK (gift_number > 0),
  start_at TIMESTAMPTZ NOT NULL,
  end_at TIMESTAMPTZ NOT NULL,
  CHECK (end_at > start_at)
);

CREATE TABLE goods_activities (
  activity_id INTEGER NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  goods_id INTEGER NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  -- The seckill or exchange price of this goods, in fen; null for the other types.
  price INTEGER CHECK (price >= 0),
  PRIMARY KEY (goods_id, activity_id)
);
