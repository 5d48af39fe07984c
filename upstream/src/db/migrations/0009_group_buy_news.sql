-- Group-buy (拼团, /ptzq): a goods sold at a group price once enough units are ordered by buyers together.
-- joined_number counts units already committed; the group forms when it reaches target_number.
CREATE TABLE group_buys (
  id SERIAL PRIMARY KEY,
  goods_id INTEGER NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  price INTEGER NOT NULL CHECK (price >= 0),
  target_number INTEGER NOT NULL CHECK (target_number > 0),
  joined_number INTEGER NOT NULL DEFAULT 0 CHECK (joined_number >= 0),
  start_at TIMESTAMPTZ NOT NULL,
  end_at TIMESTAMPTZ NOT NULL,
  CHECK (end_at > start_at)
);
CREATE INDEX group_buys_period_idx ON group_buys (end_at, start_at);

-- News and notices of the marketplace (/api/focus/postList): industry news and announcements, newest first.
CREATE TABLE news_posts (
  id SERIAL PRIMARY KEY,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  content TEXT NOT NULL,
  published_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX news_posts_published_idx ON news_posts (published_at DESC, id DESC);
