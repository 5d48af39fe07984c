-- Controlled-sales series (控销系列, /kxzq/goods/{url}/{ads?}): a series is a top-level category of the normal tree
-- that holds controlled-sales goods. A kxzq_ad banner may advertise one series, so that the series' link on
-- /kxzq/new carries its own advertisements; null for the advertisements of the whole zone.
ALTER TABLE banners ADD COLUMN category_id INTEGER REFERENCES categories (id);
