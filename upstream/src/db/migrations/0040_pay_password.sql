-- PAY-14: the payment password asked before paying from the balance. Only its scrypt hash is kept; wrong tries are
-- counted on the row (so every replica and every alias of one request sees the same count) and lock it for a while.
ALTER TABLE users ADD COLUMN pay_password_hash TEXT;
ALTER TABLE users ADD COLUMN pay_password_failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN pay_password_locked_until TIMESTAMPTZ;

-- Setting or resetting it takes a code sent to the buyer's own mobile, kept as registration's codes are.
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes
  ADD CONSTRAINT verification_codes_purpose_check CHECK (purpose IN ('register', 'reset', 'pay_password'));
