-- E-invoices (INVOICE-01..INVOICE-08). Every paid order has an invoice: 开票中 until the platform's operator issues
-- it (a row here), 已红冲 once an issued one is reversed after the order was refunded in full. Money in integer fen.

-- The buyer's 统一社会信用代码 (GB 32100), printed on the invoice as the buyer's taxpayer id; null until registered.
ALTER TABLE companies ADD COLUMN tax_id TEXT CHECK (tax_id ~ '^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$');

-- Invoice numbers (发票号码) run on in one series, blue and red alike, and are never reused.
CREATE SEQUENCE invoice_number_seq;

-- An issued invoice, with what it says fixed when it was issued: a later change of the company's name or of the
-- seller's configuration does not rewrite an invoice already handed out.
CREATE TABLE invoices (
  id SERIAL PRIMARY KEY,
  -- One invoice per order: a second issue of the same order conflicts here, whatever races.
  order_id INTEGER NOT NULL UNIQUE REFERENCES orders (id),
  -- 1 增值税电子普通发票, 2 增值税电子专用发票 (the order's invoice_type 2).
  kind SMALLINT NOT NULL CHECK (kind IN (1, 2)),
  buyer_name TEXT NOT NULL,
  buyer_tax_id TEXT NOT NULL,
  seller_name TEXT NOT NULL,
  seller_tax_id TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  code TEXT NOT NULL CHECK (code ~ '^[0-9]{12}$'),
  number TEXT NOT NULL CHECK (number ~ '^[0-9]{8}$'),
  issued_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- The red-letter invoice (红字发票) that reversed this one, both set together.
  reversed_at TIMESTAMPTZ,
  red_number TEXT CHECK (red_number ~ '^[0-9]{8}$'),
  UNIQUE (code, number),
  CHECK ((reversed_at IS NULL) = (red_number IS NULL))
);
