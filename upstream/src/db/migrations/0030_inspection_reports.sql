-- Inspection reports (检验报告): each batch of a goods comes with the report of the laboratory that tested it. Buyers
-- look a report up by goods, by the batch number printed on the box, or by the goods' name (REPORT-01).
CREATE TABLE inspection_reports (
  id SERIAL PRIMARY KEY,
  goods_id INTEGER NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  batch_no TEXT NOT NULL,
  report_no TEXT NOT NULL UNIQUE,
  lab TEXT NOT NULL,
  produced_on DATE NOT NULL,
  expires_on DATE NOT NULL,
  inspected_on DATE NOT NULL,
  conclusion TEXT NOT NULL,
  UNIQUE (goods_id, batch_no)
);
CREATE INDEX inspection_reports_goods_idx ON inspection_reports (goods_id, inspected_on DESC, id DESC);
CREATE INDEX inspection_reports_batch_idx ON inspection_reports (batch_no);
