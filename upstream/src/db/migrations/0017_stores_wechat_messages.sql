-- Multi-store (ACCOUNT-20): each store account of a company has a name of its own, shown when choosing a store to
-- switch to or copy a cart to. Empty means "not named yet"; the page then shows the contact's name.
ALTER TABLE users ADD COLUMN store_name TEXT NOT NULL DEFAULT '';

-- WeChat binding (ACCOUNT-23): one WeChat account (openid of the website application) binds one buyer. users.wechat
-- stays the text the top bar and base answer show (nickname or masked openid), written in the same transaction.
CREATE TABLE wechat_bindings (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  openid TEXT NOT NULL UNIQUE,
  unionid TEXT,
  nickname TEXT,
  bound_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- OAuth state of a binding in progress (ACCOUNT-22): random, kept only as its hash, bound to the session that asked
-- for it (gone with the session), single use (deleted when checked) and expiring.
CREATE TABLE wechat_states (
  state_hash TEXT PRIMARY KEY,
  session_hash TEXT NOT NULL REFERENCES sessions (token_hash) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX wechat_states_user_idx ON wechat_states (user_id);

-- The messages page filters by kind and counts unread per kind.
CREATE INDEX messages_user_kind_idx ON messages (user_id, kind, id DESC);
