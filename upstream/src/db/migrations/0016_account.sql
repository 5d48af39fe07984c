-- The account centre's own data: the business scope a company is licensed for (jyfw) and its qualification
-- documents with their reviews (QUAL-01..QUAL-05).

-- The scope categories on a company's drug trading licence (化学药制剂, 中成药…), in the licence's order.
CREATE TABLE business_scopes (
  id SERIAL PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0,
  UNIQUE (company_id, name)
);

-- One row per document of a company (one business licence, one GSP certificate…). valid_to NULL is 长期 (no end).
-- `required` documents are the ones an order needs valid (QUAL-04). file_id is the scan the platform approved last.
CREATE TABLE qualifications (
  id SERIAL PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (
    kind IN ('business_licence', 'drug_trading', 'gsp', 'medical_institution', 'purchase_authorisation', 'id_card')
  ),
  name TEXT NOT NULL,
  number TEXT NOT NULL,
  valid_from DATE NOT NULL,
  valid_to DATE,
  required INTEGER NOT NULL DEFAULT 1 CHECK (required IN (0, 1)),
  file_id INTEGER REFERENCES files (id) ON DELETE SET NULL,
  sort INTEGER NOT NULL DEFAULT 0,
  UNIQUE (company_id, kind)
);

-- A new scan a buyer sent for one document, waiting for the platform (QUAL-03). At most one waits per document: a
-- second upload before the review replaces the scan of the waiting one.
CREATE TABLE qualification_reviews (
  id SERIAL PRIMARY KEY,
  qualification_id INTEGER NOT NULL REFERENCES qualifications (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_id INTEGER NOT NULL REFERENCES files (id),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused')),
  remark TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  reviewed_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX qualification_reviews_pending ON qualification_reviews (qualification_id)
  WHERE status = 'pending';
