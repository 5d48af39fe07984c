-- Payments other than the wallet balance (PAY-05..PAY-12): bank transfers (对公转账) waiting for the platform's
-- confirmation, and the payments Alipay and WeChat Pay notify. Money columns hold integer fen, as in 0001.

-- A transfer slip the buyer uploaded for an order. At most one waits at a time per order; a rejected one stays with
-- its reason so the buyer reads why, and a new slip can then be uploaded.
CREATE TABLE bank_transfers (
  id SERIAL PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_id INTEGER NOT NULL REFERENCES files (id),
  amount INTEGER NOT NULL CHECK (amount >= 0),
  payer_name TEXT NOT NULL DEFAULT '',
  remark TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'rejected')),
  reject_reason TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  decided_at TIMESTAMPTZ,
  CHECK ((status = 'rejected') = (reject_reason IS NOT NULL))
);
CREATE INDEX bank_transfers_order_idx ON bank_transfers (order_id, id DESC);
CREATE INDEX bank_transfers_pending_idx ON bank_transfers (id) WHERE status = 'pending';
-- Two uploads racing for one order: the second waits on this index and then fails, so one slip waits.
CREATE UNIQUE INDEX bank_transfers_one_pending ON bank_transfers (order_id) WHERE status = 'pending';

-- Money received for an order by a method other than the balance. One row per (method, trade number): a provider's
-- repeated or concurrent notifications of one trade insert once, and only the inserting one marks the order paid.
-- `applied` is false for money that arrived after the order was paid another way or closed: it is kept for the
-- platform to refund, never applied twice.
CREATE TABLE payments (
  id SERIAL PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  method TEXT NOT NULL CHECK (method IN ('transfer', 'alipay', 'wechat')),
  trade_no TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  applied BOOLEAN NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (method, trade_no)
);
CREATE INDEX payments_order_idx ON payments (order_id);
-- At most one payment pays an order.
CREATE UNIQUE INDEX payments_one_applied ON payments (order_id) WHERE applied;
