-- The wallet beyond the balance (issue 11): points movements, cash vouchers and points orders. Points belong to the
-- company (companies.points, shared by its stores); the user who earned or spent them is kept for the record.

-- type 1 earned by an order, 2 spent on a points order, 3 adjusted by the platform. change is negative when spent.
CREATE TABLE points_log (
  id SERIAL PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type INTEGER NOT NULL CHECK (type IN (1, 2, 3)),
  change INTEGER NOT NULL CHECK (change <> 0),
  balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
  -- A removed order leaves its movement in the history (the points did move), without the link.
  order_id INTEGER REFERENCES orders (id) ON DELETE SET NULL,
  points_order_id INTEGER,
  remark TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX points_log_company_idx ON points_log (company_id, id DESC);
-- WALLET-02: an order earns its points once. A second award of the same order (a retry, a concurrent completion)
-- waits for the first insert and then inserts nothing, so the company's points move once.
CREATE UNIQUE INDEX points_log_order_once ON points_log (order_id) WHERE type = 1;
ALTER TABLE companies ADD CONSTRAINT companies_points_not_negative CHECK (points >= 0);

-- Cash vouchers (现金券): an amount in fen the buyer turns into balance while the voucher is valid. status 0 unused,
-- 1 used; "expired" (2) is read from end_at, as for coupons, so no job has to flip it.
CREATE TABLE cash_vouchers (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  source TEXT NOT NULL,
  start_at TIMESTAMPTZ NOT NULL,
  end_at TIMESTAMPTZ NOT NULL,
  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  used_at TIMESTAMPTZ,
  money_log_id INTEGER REFERENCES money_log (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (end_at > start_at),
  CHECK ((status = 1) = (used_at IS NOT NULL))
);
CREATE INDEX cash_vouchers_user_idx ON cash_vouchers (user_id, id DESC);

-- Orders of the points mall (积分商城): goods paid for in points. The mall itself comes later; the goods are kept
-- as a snapshot, as order lines are. status 0 to ship, 1 shipped, 2 done, 3 cancelled.
CREATE TABLE points_orders (
  id SERIAL PRIMARY KEY,
  order_sn TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  goods_name TEXT NOT NULL,
  goods_image TEXT,
  unit_points INTEGER NOT NULL CHECK (unit_points > 0),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  points INTEGER NOT NULL CHECK (points = unit_points * quantity),
  status INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX points_orders_user_idx ON points_orders (user_id, id DESC);
ALTER TABLE points_log ADD CONSTRAINT points_log_points_order_fk FOREIGN KEY (points_order_id) REFERENCES points_orders (id);

-- The receipts page lists a buyer's receipts newest first.
CREATE INDEX order_receipts_created_idx ON order_receipts (created_at DESC);
