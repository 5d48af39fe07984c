-- Money columns hold integer fen (1 yuan = 100 fen). INTEGER reaches 21 million yuan per amount, far above any
-- unit price or tier; sums are computed in the application as integers.

CREATE TABLE site_config (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  site_title TEXT NOT NULL,
  hot_line TEXT NOT NULL,
  qq1 TEXT NOT NULL,
  qq2 TEXT NOT NULL,
  quality_inspection_url TEXT,
  quality_inspection_msg TEXT,
  is_can_chat INTEGER NOT NULL DEFAULT 0,
  login_url TEXT NOT NULL,
  shipping_amount INTEGER NOT NULL CHECK (shipping_amount >= 0),
  no_trans_order_amount INTEGER NOT NULL CHECK (no_trans_order_amount >= 0)
);

CREATE TABLE account_managers (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE companies (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  address TEXT NOT NULL DEFAULT '',
  account_manager_id INTEGER REFERENCES account_managers (id),
  is_passed INTEGER NOT NULL DEFAULT 1,
  points INTEGER NOT NULL DEFAULT 0,
  rank INTEGER NOT NULL DEFAULT 1,
  is_special INTEGER NOT NULL DEFAULT 0,
  is_show_youx INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE users (
  id SERIAL PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies (id),
  username TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  face TEXT,
  wechat TEXT,
  message_count INTEGER NOT NULL DEFAULT 0,
  ywy TEXT,
  customer TEXT
);

-- The token itself is never stored: a leaked table must not let anyone sign in.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expiry_idx ON sessions (expires_at);

CREATE TABLE categories (
  id SERIAL PRIMARY KEY,
  parent_id INTEGER REFERENCES categories (id),
  kind TEXT NOT NULL CHECK (kind IN ('normal', 'yx', 'zy', 'qx')),
  name TEXT NOT NULL,
  logo TEXT,
  logo1 TEXT,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX categories_tree_idx ON categories (kind, parent_id, sort);

CREATE TABLE brands (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE tags (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  color TEXT NOT NULL DEFAULT '#e4393c',
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE goods (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  name_py TEXT NOT NULL,
  sccj TEXT NOT NULL,
  sccj_py TEXT NOT NULL,
  ypgg TEXT NOT NULL,
  bzdw TEXT NOT NULL,
  pzwh TEXT,
  ck_id INTEGER NOT NULL DEFAULT 1,
  category_id INTEGER NOT NULL REFERENCES categories (id),
  brand_id INTEGER REFERENCES brands (id),
  is_buy INTEGER NOT NULL DEFAULT 1,
  number INTEGER NOT NULL CHECK (number >= 0),
  is_youx INTEGER NOT NULL DEFAULT 0,
  type INTEGER NOT NULL DEFAULT 0,
  is_dpby INTEGER NOT NULL DEFAULT 0,
  qg_number INTEGER NOT NULL DEFAULT 0,
  is_free_shipping INTEGER NOT NULL DEFAULT 0,
  free_shipping_number INTEGER NOT NULL DEFAULT 0,
  base_price INTEGER NOT NULL CHECK (base_price >= 0),
  price INTEGER NOT NULL CHECK (price >= 0),
  ladder_price_type INTEGER NOT NULL DEFAULT 0,
  sales INTEGER NOT NULL DEFAULT 0
);
-- Keyword search is a substring LIKE over a few thousand rows (no trigram index on PGlite); these indexes serve
-- the list's filters and orders, and prefix matches of pinyin initials.
CREATE INDEX goods_category_idx ON goods (category_id);
CREATE INDEX goods_sales_idx ON goods (sales DESC, id);
CREATE INDEX goods_price_idx ON goods (price, id);
CREATE INDEX goods_youx_idx ON goods (is_youx) WHERE is_youx = 1;
CREATE INDEX goods_name_py_idx ON goods (name_py text_pattern_ops);
CREATE INDEX goods_sccj_py_idx ON goods (sccj_py text_pattern_ops);

-- A goods sits in its own category of the normal tree and, when it belongs to a zone, in that zone's tree too.
CREATE TABLE goods_categories (
  goods_id INTEGER NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  category_id INTEGER NOT NULL REFERENCES categories (id),
  PRIMARY KEY (category_id, goods_id)
);

CREATE TABLE goods_tags (
  goods_id INTEGER NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES tags (id),
  describe TEXT,
  is_show INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (goods_id, tag_id)
);

CREATE TABLE ladder_prices (
  id SERIAL PRIMARY KEY,
  goods_id INTEGER NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  number INTEGER NOT NULL CHECK (number > 0),
  price INTEGER NOT NULL CHECK (price >= 0),
  UNIQUE (goods_id, number)
);

CREATE TABLE nav (
  id SERIAL PRIMARY KEY,
  parent_id INTEGER REFERENCES nav (id),
  name TEXT NOT NULL,
  url TEXT,
  is_open INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE hot_words (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  url TEXT,
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE banners (
  id SERIAL PRIMARY KEY,
  slot TEXT NOT NULL,
  name TEXT NOT NULL,
  subtitle TEXT NOT NULL DEFAULT '',
  url TEXT,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX banners_slot_idx ON banners (slot, sort);

-- group_id is the article group the client asks for (category_id=3 is the footer's help).
CREATE TABLE help_categories (
  id SERIAL PRIMARY KEY,
  group_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE articles (
  id SERIAL PRIMARY KEY,
  help_category_id INTEGER NOT NULL REFERENCES help_categories (id),
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE links (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  url TEXT,
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE manjian_tiers (
  id SERIAL PRIMARY KEY,
  amount INTEGER NOT NULL CHECK (amount > 0),
  reduce INTEGER NOT NULL CHECK (reduce > 0)
);

-- discount is the percentage paid: 95 means 5% off.
CREATE TABLE discount_tiers (
  id SERIAL PRIMARY KEY,
  amount INTEGER NOT NULL CHECK (amount > 0),
  discount INTEGER NOT NULL CHECK (discount > 0 AND discount < 100)
);

-- One line per buyer and goods and way of buying it, so that adding goods already in the cart is an atomic
-- INSERT ... ON CONFLICT DO UPDATE that concurrent requests cannot split into two lines.
CREATE TABLE cart_lines (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  goods_id INTEGER NOT NULL REFERENCES goods (id),
  type INTEGER NOT NULL DEFAULT 0,
  goods_price_id INTEGER NOT NULL DEFAULT 0,
  ladder_price_id INTEGER NOT NULL DEFAULT 0,
  goods_manjian_id INTEGER NOT NULL DEFAULT 0,
  is_yj INTEGER NOT NULL DEFAULT 0,
  ck_id INTEGER NOT NULL DEFAULT 1,
  number INTEGER NOT NULL CHECK (number > 0),
  is_selected INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (user_id, goods_id, type, goods_price_id, ladder_price_id, goods_manjian_id, is_yj)
);
CREATE INDEX cart_lines_user_idx ON cart_lines (user_id, id DESC);

-- Marks a completed seed, so that a restart never seeds twice.
CREATE TABLE seed_runs (
  name TEXT PRIMARY KEY,
  seed INTEGER NOT NULL,
  applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
