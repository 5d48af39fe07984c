-- Store invitations (门店邀请码): a chain's account invites a new store to register into the chain's company
-- (/register_dd, STORE-01). Only the code's hash is kept; the buyer sees the code once, when it is made.
CREATE TABLE store_invites (
  id SERIAL PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL UNIQUE,
  -- The code's last two characters, so the chain can tell its invitations apart in the list.
  hint TEXT NOT NULL,
  created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL,
  revoked_at TIMESTAMPTZ,
  uses INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX store_invites_company_idx ON store_invites (company_id, id DESC);
