-- Files a buyer uploads (qualification scans, return photos, bank-transfer slips, feedback pictures). The bytes are
-- kept in the store itself so one backup holds everything and the embedded store needs no directory of its own; the
-- size limit (FILE-01) keeps rows small. A file is served back only to the user who uploaded it.
CREATE TABLE files (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('qualification', 'return', 'transfer', 'feedback')),
  name TEXT NOT NULL,
  mime TEXT NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'application/pdf')),
  size INTEGER NOT NULL CHECK (size > 0),
  sha256 TEXT NOT NULL,
  bytes BYTEA NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX files_user_idx ON files (user_id, id DESC);

-- The buyer's messages (MSG-01). They are written by the events they tell of (an order shipped, a refund done, a
-- licence entering its last 30 days, a coupon received), in the same transaction as the event. dedupe_key makes an
-- event that may be noticed twice (a licence's 30-day window, seen at every sign-in) write one message only.
CREATE TABLE messages (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('system', 'order', 'promotion')),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,
  dedupe_key TEXT,
  read_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX messages_user_idx ON messages (user_id, id DESC);
CREATE INDEX messages_unread_idx ON messages (user_id) WHERE read_at IS NULL;
CREATE UNIQUE INDEX messages_dedupe_key ON messages (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL;
