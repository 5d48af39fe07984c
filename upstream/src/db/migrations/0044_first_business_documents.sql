-- First-business documents (首营资料, FIRST-01..FIRST-06): every download of the seller's licences and goods'
-- documents is recorded, one row per goods it held, so the company sees which goods' documents it already took.

-- FIRST-04: the company the documents went to (every store account of it sees the record), the account that took
-- them, the goods, the order they were taken for (null for goods chosen one by one) and when.
CREATE TABLE first_business_takes (
  id SERIAL PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies (id),
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  goods_id INTEGER NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  order_id INTEGER REFERENCES orders (id) ON DELETE SET NULL,
  taken_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- The list reads one company's takes grouped by goods, latest first.
CREATE INDEX first_business_takes_company_idx ON first_business_takes (company_id, goods_id, taken_at DESC);
