-- Facet counts kept, not counted per request (issue 29, FACET-10, ADR 0143): for each scope a list opens without a
-- choice (the whole catalogue, a category with its subtree, a goods name a keyword matches) the number of goods of
-- every facet value. src/areas/catalogue/facet-index.ts folds changed goods in before it answers, with the same SQL
-- the live counts use, so the counts are exact; this migration holds the tables and the marks writers leave.

-- Each goods as last folded in: the scopes it is counted in and the facts it is counted under (facet and value
-- joined by the unit separator, chr(31)), so that a change takes its old contribution away without recounting
-- anything else. No key on goods_id: one refresh deletes and writes a goods' row in the same statement (refreshes
-- are serialised by an advisory lock).
CREATE TABLE facet_goods (
  goods_id INTEGER NOT NULL,
  scopes TEXT[] NOT NULL,
  facts TEXT[] NOT NULL
);
CREATE INDEX facet_goods_goods_idx ON facet_goods (goods_id);

-- The counts: scope ('all', 'cat:<id>', 'name:<name>'), facet and value as the live counts' rows carry them (''
-- for every goods, 'flag:<code>' with 'true' for a mark). The count rides in the key's index, so a scope's counts
-- are read from the index alone.
CREATE TABLE facet_counts (
  scope TEXT NOT NULL,
  facet TEXT NOT NULL,
  value TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (scope, facet, value) INCLUDE (n)
);

-- The China date the near-expiry mark (近效期) was folded in for: the next day's first refresh refolds the goods
-- entering or leaving the 180-day window.
CREATE TABLE facet_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  folded_on DATE
);
INSERT INTO facet_state (id, folded_on) VALUES (1, NULL);

-- Goods changed since the counts last caught up. Writers only append here (no key, so an order never waits on
-- another's row), as search_terms_stale does; the next facet read folds the marks in.
CREATE TABLE facet_goods_stale (goods_id INTEGER NOT NULL);

CREATE FUNCTION mark_facet_goods() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO facet_goods_stale (goods_id) SELECT id FROM new_goods;
  ELSE
    INSERT INTO facet_goods_stale (goods_id) SELECT id FROM old_goods;
  END IF;
  RETURN NULL;
END
$$;

-- Stock changes with every order; only crossing zero (有货) touches a count, as do the facet columns themselves.
CREATE FUNCTION mark_facet_goods_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO facet_goods_stale (goods_id)
    SELECT n.id FROM old_goods o JOIN new_goods n ON n.id = o.id
    WHERE (o.number > 0) IS DISTINCT FROM (n.number > 0) OR o.name IS DISTINCT FROM n.name
      OR o.category_id IS DISTINCT FROM n.category_id OR o.sccj IS DISTINCT FROM n.sccj
      OR o.dosage_form IS DISTINCT FROM n.dosage_form OR o.ypgg IS DISTINCT FROM n.ypgg
      OR o.brand_id IS DISTINCT FROM n.brand_id OR o.price IS DISTINCT FROM n.price
      OR o.rx_class IS DISTINCT FROM n.rx_class OR o.is_yb IS DISTINCT FROM n.is_yb OR o.is_hm IS DISTINCT FROM n.is_hm
      OR o.scope_class IS DISTINCT FROM n.scope_class OR o.expire_date IS DISTINCT FROM n.expire_date
      OR o.is_kx IS DISTINCT FROM n.is_kx;
  RETURN NULL;
END
$$;

CREATE TRIGGER goods_facets_insert AFTER INSERT ON goods
  REFERENCING NEW TABLE AS new_goods FOR EACH STATEMENT EXECUTE FUNCTION mark_facet_goods();
CREATE TRIGGER goods_facets_delete AFTER DELETE ON goods
  REFERENCING OLD TABLE AS old_goods FOR EACH STATEMENT EXECUTE FUNCTION mark_facet_goods();
CREATE TRIGGER goods_facets_update AFTER UPDATE ON goods
  REFERENCING OLD TABLE AS old_goods NEW TABLE AS new_goods FOR EACH STATEMENT
  EXECUTE FUNCTION mark_facet_goods_updated();

-- A goods put into or taken out of a category changes the category scopes it is counted in.
CREATE FUNCTION mark_facet_goods_categories() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO facet_goods_stale (goods_id) SELECT DISTINCT goods_id FROM new_links;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO facet_goods_stale (goods_id) SELECT DISTINCT goods_id FROM old_links;
  ELSE
    INSERT INTO facet_goods_stale (goods_id)
      SELECT goods_id FROM old_links UNION SELECT goods_id FROM new_links;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER goods_categories_facets_insert AFTER INSERT ON goods_categories
  REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION mark_facet_goods_categories();
CREATE TRIGGER goods_categories_facets_delete AFTER DELETE ON goods_categories
  REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION mark_facet_goods_categories();
CREATE TRIGGER goods_categories_facets_update AFTER UPDATE ON goods_categories
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links FOR EACH STATEMENT
  EXECUTE FUNCTION mark_facet_goods_categories();

-- A category moved under another parent moves every goods of its subtree between ancestors' scopes.
CREATE FUNCTION mark_facet_categories_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO facet_goods_stale (goods_id)
    WITH RECURSIVE moved AS (
      SELECT n.id FROM old_categories o JOIN new_categories n ON n.id = o.id
      WHERE o.parent_id IS DISTINCT FROM n.parent_id
      UNION SELECT c.id FROM categories c JOIN moved m ON c.parent_id = m.id
    )
    SELECT DISTINCT gc.goods_id FROM goods_categories gc JOIN moved m ON m.id = gc.category_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER categories_facets_update AFTER UPDATE ON categories
  REFERENCING OLD TABLE AS old_categories NEW TABLE AS new_categories FOR EACH STATEMENT
  EXECUTE FUNCTION mark_facet_categories_moved();

-- The goods already in the store (a store migrated after it was seeded).
INSERT INTO facet_goods_stale (goods_id) SELECT id FROM goods;
