-- Campaigns (PROMO in docs/product.md): the promotions that are a page of their own rather than a goods' activity.
--   cashback          满额返现 (/hb): tiers of "order reaches amount, get cashback back to the balance"
--   welfare           全场9.4折 (/welfare): its goods sold at `discount` percent of their price
--   hub               好医汇 (/yyh): sections of clinic goods and featured activities
--   zone_template     专区模板 (/zqmb?id=)
--   activity_template 活动模板 (/hdmb?id=)
-- A campaign has a period like an activity; an ended one is not shown (its pages answer 404).
CREATE TABLE campaigns (
  id SERIAL PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('cashback', 'welfare', 'hub', 'zone_template', 'activity_template')),
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL DEFAULT '',
  -- The rules as the page lists them, one per entry.
  rules TEXT[] NOT NULL DEFAULT '{}',
  -- The banner drawn for the campaign (banners.slot 'campaign'); the hub reads its banners from the slot 'yyh'.
  banner_id INTEGER REFERENCES banners (id) ON DELETE SET NULL,
  -- welfare only: the percentage of the price paid (94 = 9.4折).
  discount INTEGER CHECK (discount > 0 AND discount < 100),
  sort INTEGER NOT NULL DEFAULT 0,
  start_at TIMESTAMPTZ NOT NULL,
  end_at TIMESTAMPTZ NOT NULL,
  CHECK (end_at > start_at),
  CHECK ((kind = 'welfare') = (discount IS NOT NULL))
);
CREATE INDEX campaigns_kind_idx ON campaigns (kind, end_at);

-- Cashback tiers: an order whose covered goods reach `amount` (fen) gets `cashback` (fen); the highest reached applies.
CREATE TABLE campaign_cashback_tiers (
  campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  amount INTEGER NOT NULL CHECK (amount > 0),
  cashback INTEGER NOT NULL CHECK (cashback > 0 AND cashback < amount),
  PRIMARY KEY (campaign_id, amount)
);

-- Sections of a hub or a template (a hub's clinic categories, a template's floors of goods).
CREATE TABLE campaign_sections (
  id SERIAL PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  describe TEXT NOT NULL DEFAULT '',
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX campaign_sections_campaign_idx ON campaign_sections (campaign_id, sort, id);

-- The goods a campaign covers, in at most one of its sections.
CREATE TABLE campaign_goods (
  campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  goods_id INTEGER NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  section_id INTEGER REFERENCES campaign_sections (id) ON DELETE CASCADE,
  sort INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, goods_id)
);
CREATE INDEX campaign_goods_list_idx ON campaign_goods (campaign_id, section_id, sort, goods_id);
-- A cart line names its welfare campaign in goods_price_id; pricing looks the pair up by goods.
CREATE INDEX campaign_goods_goods_idx ON campaign_goods (goods_id);

-- The activities a hub or an activity template features as cards.
CREATE TABLE campaign_activities (
  campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  activity_id INTEGER NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  sort INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, activity_id)
);

-- use_type 4: cashback (返现) credited when an order is completed. PROMO-02: once per order, whatever retries or
-- concurrent completions do (the second insert waits for the first and then conflicts).
ALTER TABLE money_log DROP CONSTRAINT IF EXISTS money_log_use_type_check;
ALTER TABLE money_log ADD CONSTRAINT money_log_use_type_check CHECK (use_type IN (1, 2, 3, 4));
CREATE UNIQUE INDEX money_log_cashback_once ON money_log (order_id) WHERE use_type = 4;
