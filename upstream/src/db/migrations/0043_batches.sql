-- Batches (issue 28 part 2, BATCH-01..BATCH-07, ADR 0137): stock is held by batch. A batch is one of the goods'
-- inspection-report batches (0030: 批号, 生产日期, 有效期至 live there, once); this table holds how many units of it
-- are in stock. goods.number stays the goods' stock that every reader uses: for a goods with batches it equals the
-- sum of their quantities, because every statement that changes one changes the other (BATCH-02). goods.expire_date
-- is, the same way, the nearest expiry of the batches in stock (BATCH-05).
CREATE TABLE goods_batches (
  id SERIAL PRIMARY KEY,
  goods_id INTEGER NOT NULL,
  batch_no TEXT NOT NULL,
  -- BATCH-03: a batch is never below zero, whatever races.
  quantity INTEGER NOT NULL CHECK (quantity >= 0),
  UNIQUE (goods_id, batch_no),
  FOREIGN KEY (goods_id, batch_no) REFERENCES inspection_reports (goods_id, batch_no) ON DELETE CASCADE
);

-- BATCH-04: which batches an order line's units came from (first expiry first out), written when the order takes its
-- stock; a cancelled order's units go back to these batches and its rows go.
CREATE TABLE order_line_batches (
  order_line_id INTEGER NOT NULL REFERENCES order_lines (id) ON DELETE CASCADE,
  batch_id INTEGER NOT NULL REFERENCES goods_batches (id) ON DELETE CASCADE,
  number INTEGER NOT NULL CHECK (number > 0),
  PRIMARY KEY (order_line_id, batch_id)
);
CREATE INDEX order_line_batches_batch_idx ON order_line_batches (batch_id);

-- BATCH-07: the batch a return sends back (one of its line's batches); null on returns asked before batches.
ALTER TABLE returns ADD COLUMN batch_id INTEGER REFERENCES goods_batches (id);
