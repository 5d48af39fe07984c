-- The purchase e-contract (CONTRACT-01..CONTRACT-05): the platform publishes numbered versions of one contract; a
-- buying company signs the version in force before it may order or pay.

-- CONTRACT-01: each version's text is stored as written (rich text, sanitised by the gateway like articles) with
-- {{company}}, {{platform}} and {{date}} where the parties and the date go. A published version never changes: a
-- new text is a new version, which every company signs again.
CREATE TABLE contract_versions (
  version INTEGER PRIMARY KEY CHECK (version > 0),
  title TEXT NOT NULL,
  platform_name TEXT NOT NULL,
  content TEXT NOT NULL,
  published_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- CONTRACT-03: one signature per company and version, written once (a repeat keeps the first). It keeps who signed
-- (the account and the name they typed), the company's name as it was, when, and from which address.
CREATE TABLE contract_signatures (
  company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  version INTEGER NOT NULL REFERENCES contract_versions (version),
  -- The account may be removed later; the signature, with the typed name, stays.
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  signer_name TEXT NOT NULL CHECK (length(signer_name) BETWEEN 2 AND 30),
  company_name TEXT NOT NULL,
  signed_ip TEXT NOT NULL,
  signed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, version)
);
