-- Checkout, orders, payment and the wallet (issue 3). Money columns hold integer fen, as in 0001.

-- Goods with ephedrine-type ingredients (含麻黄碱类) need a receipt confirmation before their order is paid.
ALTER TABLE goods ADD COLUMN is_hm INTEGER NOT NULL DEFAULT 0;
-- Charged on an order unless it ships free (the shared pricing rule).
ALTER TABLE site_config ADD COLUMN freight_fee INTEGER NOT NULL DEFAULT 1000 CHECK (freight_fee >= 0);
-- The wallet: a guarded UPDATE (balance >= amount) never takes it below zero, and the CHECK backs that up.
ALTER TABLE users ADD COLUMN balance INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0);
CREATE INDEX users_company_idx ON users (company_id);

CREATE TABLE addresses (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  consignee TEXT NOT NULL,
  phone TEXT NOT NULL,
  province TEXT NOT NULL,
  city TEXT NOT NULL,
  district TEXT NOT NULL,
  address TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX addresses_user_idx ON addresses (user_id, id);
-- At most one default address per buyer.
CREATE UNIQUE INDEX addresses_default_idx ON addresses (user_id) WHERE is_default = 1;

-- type 1: cash (amount off), type 2: discount (discount = percent paid). min_amount is the eligible amount needed.
CREATE TABLE coupons (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  type INTEGER NOT NULL CHECK (type IN (1, 2)),
  amount INTEGER NOT NULL DEFAULT 0 CHECK (amount >= 0),
  discount INTEGER NOT NULL DEFAULT 100 CHECK (discount > 0 AND discount <= 100),
  min_amount INTEGER NOT NULL DEFAULT 0 CHECK (min_amount >= 0),
  start_at TIMESTAMPTZ NOT NULL,
  end_at TIMESTAMPTZ NOT NULL,
  CHECK (end_at > start_at)
);

CREATE TABLE orders (
  id SERIAL PRIMARY KEY,
  order_sn TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users (id),
  -- 0 unpaid, 1 paid, 2 shipped, 3 done, 4 cancelled
  status INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 4),
  idempotency_key TEXT NOT NULL,
  goods_amount INTEGER NOT NULL DEFAULT 0 CHECK (goods_amount >= 0),
  manjian_amount INTEGER NOT NULL DEFAULT 0 CHECK (manjian_amount >= 0),
  discount_amount INTEGER NOT NULL DEFAULT 0 CHECK (discount_amount >= 0),
  coupon_amount INTEGER NOT NULL DEFAULT 0 CHECK (coupon_amount >= 0),
  freight_amount INTEGER NOT NULL DEFAULT 0 CHECK (freight_amount >= 0),
  pay_amount INTEGER NOT NULL DEFAULT 0 CHECK (pay_amount >= 0),
  need_receipt INTEGER NOT NULL DEFAULT 0,
  -- The delivery address as it was when the order was placed; later edits of the address book do not change it.
  consignee TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  province TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  district TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT '',
  remark TEXT NOT NULL DEFAULT '',
  invoice_type INTEGER NOT NULL DEFAULT 0 CHECK (invoice_type IN (0, 1, 2)),
  user_coupon_id INTEGER,
  pay_method TEXT,
  paid_at TIMESTAMPTZ,
  cancelled_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- A double submit carries the same key: the second INSERT waits for the first and then conflicts, so one order.
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX orders_user_idx ON orders (user_id, status, id DESC);

-- Snapshots of the goods as sold: later catalogue edits do not change an order.
CREATE TABLE order_lines (
  id SERIAL PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  goods_id INTEGER NOT NULL REFERENCES goods (id),
  name TEXT NOT NULL,
  sccj TEXT NOT NULL,
  ypgg TEXT NOT NULL,
  bzdw TEXT NOT NULL,
  goods_image TEXT NOT NULL,
  number INTEGER NOT NULL CHECK (number > 0),
  price INTEGER NOT NULL CHECK (price >= 0),
  total INTEGER NOT NULL CHECK (total >= 0),
  is_hm INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX order_lines_order_idx ON order_lines (order_id, id);

-- status 0 unused, 1 used; "expired" (2) is read from end_at, so no job has to flip it.
CREATE TABLE user_coupons (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  coupon_id INTEGER NOT NULL REFERENCES coupons (id),
  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  used_order_id INTEGER REFERENCES orders (id),
  used_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX user_coupons_user_idx ON user_coupons (user_id, status, id DESC);

-- The receipt confirmation (name and ID card of the person receiving) for orders with ephedrine-type goods.
CREATE TABLE order_receipts (
  order_id INTEGER PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  id_card TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- use_type 1 recharge, 2 order payment, 3 refund; amount is negative when spent.
CREATE TABLE money_log (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  amount INTEGER NOT NULL,
  balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
  use_type INTEGER NOT NULL CHECK (use_type IN (1, 2, 3)),
  remark TEXT NOT NULL DEFAULT '',
  order_id INTEGER REFERENCES orders (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX money_log_user_idx ON money_log (user_id, id DESC);

-- The goods object carries is_hm, so the detail function (0002) reads it too; same statement otherwise.
CREATE OR REPLACE FUNCTION goods_detail(goods_id INTEGER) RETURNS JSON
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT row_to_json(x) FROM (
      SELECT g.id, g.name, g.sccj, g.ypgg, g.bzdw, g.pzwh, g.ck_id, g.is_buy, g.number, g.is_youx,
        g.type, g.is_dpby, g.qg_number, g.is_free_shipping, g.free_shipping_number, g.base_price, g.price,
        g.ladder_price_type, g.category_id, g.brand_id, g.sales, g.is_hm,
        COALESCE((SELECT json_agg(json_build_object('number', lp.number, 'price', lp.price) ORDER BY lp.number)
          FROM ladder_prices lp WHERE lp.goods_id = g.id), '[]'::json) AS ladder_price,
        COALESCE((SELECT json_agg(json_build_object('name', t.name, 'describe', gt.describe, 'is_show', gt.is_show,
            'color', t.color) ORDER BY t.sort)
          FROM goods_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.goods_id = g.id), '[]'::json) AS tags
      FROM goods g WHERE g.id = goods_detail.goods_id
    ) x
  );
END
$$;
