-- The points mall (积分商城): goods bought with the company's points (MALL-01..MALL-06 in docs/product.md).

-- image: a path under the upstream ('/api/images/points/3.svg', answered under PUBLIC_URL) or an outside address.
-- per_buyer_limit: how many pieces one buyer (user) may take in all; null when there is no limit.
CREATE TABLE points_goods (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL CHECK (length(name) > 0),
  image TEXT,
  points INTEGER NOT NULL CHECK (points > 0),
  stock INTEGER NOT NULL CHECK (stock >= 0),
  per_buyer_limit INTEGER CHECK (per_buyer_limit > 0),
  description TEXT NOT NULL DEFAULT '',
  on_shelf INTEGER NOT NULL DEFAULT 1 CHECK (on_shelf IN (0, 1)),
  sort INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX points_goods_shelf_idx ON points_goods (sort, id) WHERE on_shelf = 1;

-- MALL-03: how many pieces of a goods each buyer has taken. The exchange raises it with one conditional upsert, so
-- concurrent exchanges of one buyer cannot both pass the limit (the row is the lock).
CREATE TABLE points_goods_taken (
  goods_id INTEGER NOT NULL REFERENCES points_goods (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (goods_id, user_id)
);

-- A points order keeps the goods it came from and the delivery address as it was when the buyer exchanged
-- (a later edit or removal of the address does not move a parcel already on its way). Orders written before the
-- mall have neither.
ALTER TABLE points_orders
  ADD COLUMN goods_id INTEGER REFERENCES points_goods (id) ON DELETE SET NULL,
  ADD COLUMN consignee TEXT,
  ADD COLUMN phone TEXT,
  ADD COLUMN address TEXT;
