-- Credit terms (账期, CREDIT-01..CREDIT-09): a credit line per company granted by an operator, the orders it paid
-- (each with its due date), the refunds of those orders that gave the line back, and the repayments by bank transfer
-- that an operator confirmed. Money columns hold integer fen, as in 0001. What is owed is never stored: it is
-- charges − refunds − confirmed repayments, computed in one place (areas/credit/store.ts).

-- CREDIT-01: one line per company, shared by its store accounts; the operator changes it in place.
CREATE TABLE credit_lines (
  company_id INTEGER PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  limit_amount INTEGER NOT NULL CHECK (limit_amount >= 0),
  term_days INTEGER NOT NULL CHECK (term_days BETWEEN 1 AND 365),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- CREDIT-03: an order paid on credit; at most one charge per order, due `term_days` after it was paid (China time).
CREATE TABLE credit_charges (
  id SERIAL PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES credit_lines (company_id) ON DELETE CASCADE,
  order_id INTEGER NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  amount INTEGER NOT NULL CHECK (amount > 0),
  due_date DATE NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX credit_charges_company_idx ON credit_charges (company_id, due_date, id);

-- CREDIT-07: a refund of a credit order that gave the line back instead of the balance; once per return.
CREATE TABLE credit_refunds (
  id SERIAL PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES credit_lines (company_id) ON DELETE CASCADE,
  charge_id INTEGER NOT NULL REFERENCES credit_charges (id) ON DELETE CASCADE,
  return_id INTEGER NOT NULL UNIQUE REFERENCES returns (id) ON DELETE CASCADE,
  amount INTEGER NOT NULL CHECK (amount > 0),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX credit_refunds_company_idx ON credit_refunds (company_id);

-- CREDIT-06: a repayment the buyer reported as sent by bank transfer; it counts once an operator confirmed it.
CREATE TABLE credit_repayments (
  id SERIAL PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES credit_lines (company_id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  amount INTEGER NOT NULL CHECK (amount > 0),
  payer_name TEXT NOT NULL DEFAULT '',
  remark TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'rejected')),
  reject_reason TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  decided_at TIMESTAMPTZ,
  CHECK ((status = 'rejected') = (reject_reason IS NOT NULL))
);
CREATE INDEX credit_repayments_company_idx ON credit_repayments (company_id, id DESC);
CREATE INDEX credit_repayments_pending_idx ON credit_repayments (id) WHERE status = 'pending';
