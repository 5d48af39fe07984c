-- SEARCH-13: the catalogue at a wholesaler's size (ADR 0130). A keyword is a substring of a goods name or manufacturer, or of
-- their pinyin initials (SEARCH-02). Half a million goods carry a few thousand distinct names and makers, so the
-- search runs over those (the search vocabulary) and reaches the goods by an equality index: a keyword of one
-- character matches a third of the goods, and no substring index over the goods themselves answers that, nor
-- counts it, in milliseconds. Each term keeps what the list and the suggestions need of its goods: how many, their
-- sales, the first goods and the other field's first value.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE search_terms (
  field TEXT NOT NULL CHECK (field IN ('name', 'maker')),
  term TEXT NOT NULL,
  -- lower(term): what a keyword, lower-cased by the route, is matched against.
  folded TEXT NOT NULL,
  -- The pinyin initials of the term's goods (name_py or sccj_py).
  py TEXT NOT NULL,
  goods_count INTEGER NOT NULL,
  sales BIGINT NOT NULL,
  first_goods_id INTEGER NOT NULL,
  -- The first maker of a name, or the first name of a maker, as a suggestion answers it.
  other TEXT NOT NULL,
  PRIMARY KEY (field, term)
);
-- Trigram indexes answer keywords of three characters or more without reading every term; shorter ones read the
-- vocabulary, which is small.
CREATE INDEX search_terms_folded_trgm_idx ON search_terms USING gin (folded gin_trgm_ops);
CREATE INDEX search_terms_py_trgm_idx ON search_terms USING gin (py gin_trgm_ops);

-- Terms whose goods changed since the vocabulary last caught up. Writers only append here (no key, so an order
-- never waits on another's row); the next search folds the marks into search_terms (refresh_search_terms).
CREATE TABLE search_terms_stale (
  field TEXT NOT NULL,
  term TEXT NOT NULL
);

-- Goods added or removed: the terms of each, from whichever transition table the statement has.
CREATE FUNCTION mark_search_terms_of_goods() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_terms_stale (field, term)
      SELECT DISTINCT 'name', name FROM new_goods UNION SELECT DISTINCT 'maker', sccj FROM new_goods;
  ELSE
    INSERT INTO search_terms_stale (field, term)
      SELECT DISTINCT 'name', name FROM old_goods UNION SELECT DISTINCT 'maker', sccj FROM old_goods;
  END IF;
  RETURN NULL;
END
$$;

-- Stock changes with every order and touches no term; a change of name, maker, initials or sales does.
CREATE FUNCTION mark_search_terms_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms_stale (field, term)
    SELECT DISTINCT c.field, c.term
    FROM old_goods o JOIN new_goods n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES ('name', o.name), ('name', n.name), ('maker', o.sccj), ('maker', n.sccj)) AS c (field, term)
    WHERE o.name IS DISTINCT FROM n.name OR o.sccj IS DISTINCT FROM n.sccj OR o.name_py IS DISTINCT FROM n.name_py
      OR o.sccj_py IS DISTINCT FROM n.sccj_py OR o.sales IS DISTINCT FROM n.sales;
  RETURN NULL;
END
$$;

CREATE TRIGGER goods_search_terms_insert AFTER INSERT ON goods
  REFERENCING NEW TABLE AS new_goods FOR EACH STATEMENT EXECUTE FUNCTION mark_search_terms_of_goods();
CREATE TRIGGER goods_search_terms_delete AFTER DELETE ON goods
  REFERENCING OLD TABLE AS old_goods FOR EACH STATEMENT EXECUTE FUNCTION mark_search_terms_of_goods();
CREATE TRIGGER goods_search_terms_update AFTER UPDATE ON goods
  REFERENCING OLD TABLE AS old_goods NEW TABLE AS new_goods FOR EACH STATEMENT
  EXECUTE FUNCTION mark_search_terms_updated();

-- Folds the marks into the vocabulary: each marked term is counted again from its goods, or dropped when it has
-- none left. One refresh at a time (the advisory lock), so two never write a term from different snapshots.
CREATE FUNCTION refresh_search_terms() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM search_terms_stale) THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(40100003);
  WITH stale AS (
    DELETE FROM search_terms_stale RETURNING field, term
  ), terms AS (
    SELECT DISTINCT field, term FROM stale
  ), counted AS (
    SELECT 'name' AS field, g.name AS term, lower(g.name) AS folded, min(g.name_py) AS py, count(*)::int AS goods_count,
      sum(g.sales) AS sales, min(g.id) AS first_goods_id, min(g.sccj) AS other
    FROM goods g WHERE g.name IN (SELECT term FROM terms WHERE field = 'name') GROUP BY g.name
    UNION ALL
    SELECT 'maker', g.sccj, lower(g.sccj), min(g.sccj_py), count(*)::int, sum(g.sales), min(g.id), min(g.name)
    FROM goods g WHERE g.sccj IN (SELECT term FROM terms WHERE field = 'maker') GROUP BY g.sccj
  ), gone AS (
    DELETE FROM search_terms t USING terms
    WHERE t.field = terms.field AND t.term = terms.term
      AND NOT EXISTS (SELECT 1 FROM counted c WHERE c.field = t.field AND c.term = t.term)
  )
  INSERT INTO search_terms (field, term, folded, py, goods_count, sales, first_goods_id, other)
    SELECT field, term, folded, py, goods_count, sales, first_goods_id, other FROM counted
  ON CONFLICT (field, term) DO UPDATE SET folded = excluded.folded, py = excluded.py,
    goods_count = excluded.goods_count, sales = excluded.sales, first_goods_id = excluded.first_goods_id,
    other = excluded.other;
END
$$;

-- Goods reached from their terms, and the list's orders walked in index order so a page stops after its rows.
CREATE INDEX goods_name_idx ON goods (name);
CREATE INDEX goods_sccj_idx ON goods (sccj);
CREATE INDEX goods_default_order_idx ON goods (((is_buy = 1 AND number > 0)) DESC, sales DESC, id);

-- The goods already in the store (a store migrated after it was seeded).
INSERT INTO search_terms_stale (field, term)
  SELECT DISTINCT 'name', name FROM goods UNION SELECT DISTINCT 'maker', sccj FROM goods;
