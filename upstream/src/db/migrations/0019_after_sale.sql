-- Orders after the sale (issue 11, part C): receiving, shipments and their traces, the status timeline, returns
-- and refunds. Money columns hold integer fen, as in 0001.

-- AFTER-01: whether the buyer may ask for after-sales (returns and refunds); the user's `is_AfterSale`.
ALTER TABLE users ADD COLUMN is_after_sale INTEGER NOT NULL DEFAULT 0 CHECK (is_after_sale IN (0, 1));

ALTER TABLE orders ADD COLUMN shipped_at TIMESTAMPTZ;
ALTER TABLE orders ADD COLUMN received_at TIMESTAMPTZ;
-- The list's search by order number (prefix) and its date range.
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC);

-- AFTER-03: the status timeline of an order. Order status changes are written by the trigger below, whichever code
-- changes the status (placing, paying by any method, shipping, receiving, cancelling); return events are written
-- by the returns service in the transaction of the change.
CREATE TABLE order_events (
  id SERIAL PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('placed', 'paid', 'shipped', 'received', 'cancelled', 'return_requested',
    'return_approved', 'return_refused', 'return_received', 'refunded')),
  note TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order_idx ON order_events (order_id, created_at, id);

CREATE FUNCTION order_status_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_events (order_id, kind, created_at) VALUES (NEW.id, 'placed', NEW.created_at);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO order_events (order_id, kind)
    VALUES (NEW.id, (ARRAY['placed', 'paid', 'shipped', 'received', 'cancelled'])[NEW.status + 1]);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER orders_status_event AFTER INSERT OR UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION order_status_event();

-- The timeline of orders placed before this migration, read from their timestamps.
INSERT INTO order_events (order_id, kind, created_at) SELECT id, 'placed', created_at FROM orders;
INSERT INTO order_events (order_id, kind, created_at) SELECT id, 'paid', paid_at FROM orders WHERE paid_at IS NOT NULL;
INSERT INTO order_events (order_id, kind, created_at)
  SELECT id, 'cancelled', cancelled_at FROM orders WHERE cancelled_at IS NOT NULL;

-- One shipment per order: the carrier and waybill number the operator entered, and its trace, newest last.
CREATE TABLE shipments (
  order_id INTEGER PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  carrier TEXT NOT NULL,
  waybill TEXT NOT NULL,
  shipped_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE shipment_traces (
  id SERIAL PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES shipments (order_id) ON DELETE CASCADE,
  at TIMESTAMPTZ NOT NULL DEFAULT now(),
  text TEXT NOT NULL
);
CREATE INDEX shipment_traces_order_idx ON shipment_traces (order_id, at, id);

-- AFTER-04..AFTER-07: a return asks for `number` units of one order line back.
-- status 0 requested, 1 approved, 2 refused, 3 goods received, 4 refunded.
CREATE TABLE returns (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  order_line_id INTEGER NOT NULL REFERENCES order_lines (id) ON DELETE CASCADE,
  number INTEGER NOT NULL CHECK (number > 0),
  reason TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  -- Fixed when the return is asked for (AFTER-06), paid when it is refunded.
  refund_amount INTEGER NOT NULL CHECK (refund_amount >= 0),
  status INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 4),
  -- Why the operator refused it.
  refusal TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  approved_at TIMESTAMPTZ,
  refused_at TIMESTAMPTZ,
  received_at TIMESTAMPTZ,
  refunded_at TIMESTAMPTZ
);
CREATE INDEX returns_user_idx ON returns (user_id, id DESC);
CREATE INDEX returns_order_idx ON returns (order_id, id);
CREATE INDEX returns_line_idx ON returns (order_line_id);

CREATE TABLE return_photos (
  return_id INTEGER NOT NULL REFERENCES returns (id) ON DELETE CASCADE,
  file_id INTEGER NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  PRIMARY KEY (return_id, file_id)
);

-- AFTER-07: a refund's money-log entry names its return; the unique index is the last guard of "exactly once".
ALTER TABLE money_log ADD COLUMN return_id INTEGER REFERENCES returns (id);
CREATE UNIQUE INDEX money_log_return_idx ON money_log (return_id) WHERE return_id IS NOT NULL;
