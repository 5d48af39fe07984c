-- Combinations of goods sold together (CART-18). Two kinds share one shape:
--   gift   组合满赠 (/zhmz): goods of the group bought together for at least `threshold` fen earn gift_number
--          units of gift_goods_id;
--   bundle 组合购 (/zhzq): a set of the group's goods, each `number` units at the combination's unit `price` (fen).
CREATE TABLE combination_groups (
  id SERIAL PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('gift', 'bundle')),
  name TEXT NOT NULL,
  describe TEXT NOT NULL,
  threshold INTEGER CHECK (threshold > 0),
  gift_goods_id INTEGER REFERENCES goods (id),
  gift_number INTEGER CHECK (gift_number > 0),
  sort INTEGER NOT NULL DEFAULT 0,
  start_at TIMESTAMPTZ NOT NULL,
  end_at TIMESTAMPTZ NOT NULL,
  CHECK (end_at > start_at),
  CHECK (kind <> 'gift' OR (threshold IS NOT NULL AND gift_goods_id IS NOT NULL AND gift_number IS NOT NULL))
);
CREATE INDEX combination_groups_kind_idx ON combination_groups (kind, sort, id);

CREATE TABLE combination_goods (
  group_id INTEGER NOT NULL REFERENCES combination_groups (id) ON DELETE CASCADE,
  goods_id INTEGER NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  -- Units of this goods in one set (bundle); 1 for gift groups, where any quantity counts towards the threshold.
  number INTEGER NOT NULL DEFAULT 1 CHECK (number > 0),
  -- The combination's unit price in fen (bundle); null for gift groups, which sell at the goods' own price.
  price INTEGER CHECK (price >= 0),
  sort INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (group_id, goods_id)
);
