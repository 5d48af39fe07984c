-- Invoice titles (发票抬头, INVOICE-10..INVOICE-13): the company's tax details kept once for all its stores, the
-- invoice choice made at checkout with a snapshot of the title it was made with, and the 专票's two extra lines.

-- One title per company (every store account of it reads and edits the same one). The fields are as the buyer
-- typed them, checked by VAL-27..VAL-30; the ones only a 增值税专用发票 needs may stay empty.
CREATE TABLE invoice_titles (
  company_id INTEGER PRIMARY KEY REFERENCES companies (id),
  name TEXT NOT NULL CHECK (name <> ''),
  tax_id TEXT NOT NULL CHECK (tax_id ~ '^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$'),
  address TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  bank TEXT NOT NULL DEFAULT '',
  bank_account TEXT NOT NULL DEFAULT '' CHECK (bank_account ~ '^([0-9]{8,30})?$'),
  updated_by INTEGER REFERENCES users (id),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Until now 0 (不开发票) was invoiced as an ordinary e-invoice all the same (INVOICE-01 as it was): the orders that
-- asked for it keep the invoice they were promised, and an order that says nothing asks for the ordinary one.
UPDATE orders SET invoice_type = 1 WHERE invoice_type = 0;
ALTER TABLE orders ALTER COLUMN invoice_type SET DEFAULT 1;

-- INVOICE-12: the title as it was when the order was placed; the invoice issued later reads it, not today's title.
-- Null on orders placed before titles were kept (they are invoiced to the company's name and id as before).
ALTER TABLE orders
  ADD COLUMN invoice_name TEXT,
  ADD COLUMN invoice_tax_id TEXT,
  ADD COLUMN invoice_address TEXT,
  ADD COLUMN invoice_phone TEXT,
  ADD COLUMN invoice_bank TEXT,
  ADD COLUMN invoice_bank_account TEXT;

-- INVOICE-13: a 专票's 地址、电话 and 开户行及账号 lines, fixed at issue like the rest of it; null on ordinary ones.
ALTER TABLE invoices
  ADD COLUMN buyer_address_phone TEXT,
  ADD COLUMN buyer_bank_account TEXT;
