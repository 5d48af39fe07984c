-- Verification codes sent by text message for registration and password reset (AUTH-02..AUTH-04). Only a hash of the
-- code is kept, so a leaked table does not open anyone's account. Only the latest code of a phone and purpose counts;
-- a code dies when used, when it expires (5 minutes) or after 5 wrong tries.
CREATE TABLE verification_codes (
  id SERIAL PRIMARY KEY,
  phone TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'reset')),
  code_hash TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  used_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX verification_codes_latest_idx ON verification_codes (phone, purpose, id DESC);

-- One account per mobile number: the index, not a read before the write, is what makes one of two concurrent
-- registrations of a number fail. Accounts without a number ('') are left out; the seeded numbers are distinct.
CREATE UNIQUE INDEX users_phone_key ON users (phone) WHERE phone <> '';
