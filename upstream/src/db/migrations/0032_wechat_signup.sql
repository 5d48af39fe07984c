-- Registering with WeChat (/register/wechat, AUTH-12): the OAuth state of a registration in progress has no session
-- to belong to, so it lives apart from wechat_states; once WeChat names the visitor, their identity waits here under a
-- random ticket (kept as its hash) until the registration that binds it, or until it expires.
CREATE TABLE wechat_signup_states (
  state_hash TEXT PRIMARY KEY,
  expires_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE wechat_signup_identities (
  ticket_hash TEXT PRIMARY KEY,
  openid TEXT NOT NULL,
  unionid TEXT,
  nickname TEXT,
  expires_at TIMESTAMPTZ NOT NULL
);
