-- Lucky draws (抽奖, DRAW-01..DRAW-07): within its period every signed-in buyer draws once and wins one prize.
-- The draw answers the running one that ends soonest, so the period index leads with end_at.
CREATE TABLE draws (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  remarks TEXT NOT NULL DEFAULT '',
  start_at TIMESTAMPTZ NOT NULL,
  end_at TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (end_at > start_at)
);
CREATE INDEX draws_period_idx ON draws (end_at, start_at);

-- What a draw gives. weight is the prize's share of the pick among the prizes with stock left; stock null means
-- unlimited, and the guarded decrement (stock > 0) keeps it from going below zero, so the last unit goes to exactly
-- one buyer. Every draw has one consolation entry (谢谢参与: is_prize 0, stock null) that a pick falls back to when a
-- concurrent draw took the last unit. image is an absolute address, or a path on this upstream starting with '/'
-- (the generated pictures), which answers make absolute with the public address.
CREATE TABLE draw_prizes (
  id SERIAL PRIMARY KEY,
  draw_id INTEGER NOT NULL REFERENCES draws (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  remarks TEXT,
  image TEXT,
  is_prize SMALLINT NOT NULL DEFAULT 1 CHECK (is_prize IN (0, 1)),
  weight INTEGER NOT NULL CHECK (weight > 0),
  stock INTEGER CHECK (stock >= 0),
  coupon_id INTEGER REFERENCES coupons (id),
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX draw_prizes_draw_idx ON draw_prizes (draw_id, sort, id);

-- One draw per buyer and draw: the unique constraint, not a read before the write, makes a second or concurrent draw
-- by the same buyer find the first one, which is also what makes the (GET) draw call safe to retry.
CREATE TABLE draw_records (
  id SERIAL PRIMARY KEY,
  draw_id INTEGER NOT NULL REFERENCES draws (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  prize_id INTEGER NOT NULL REFERENCES draw_prizes (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (draw_id, user_id)
);
-- A buyer's records, newest first (我的抽奖), and a draw's latest records, of which the winning ones scroll under it.
CREATE INDEX draw_records_user_idx ON draw_records (user_id, created_at DESC, id DESC);
CREATE INDEX draw_records_draw_idx ON draw_records (draw_id, created_at DESC, id DESC);
