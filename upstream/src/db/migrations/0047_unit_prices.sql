-- Cards and table rows a purchaser can compare, and the same medicine from every maker (issue 29, COMPARE-01..
-- COMPARE-06, ADR 0142). The seed writes the columns for new goods (the generated catalogue) and its unit_prices
-- step fills them in for a store seeded before this migration.

-- COMPARE-01: the units one pack holds and the word they are counted in (粒, 片, 袋, 支, 丸, ml, g...), read from
-- the spec by @pharma/domain/unit-price; both null when the spec does not say them for certain.
ALTER TABLE goods ADD COLUMN units_per_pack INTEGER CHECK (units_per_pack > 0);
ALTER TABLE goods ADD COLUMN unit_word TEXT;
-- COMPARE-05: the pack quantity (件装量): packs in one carton; null when not recorded.
ALTER TABLE goods ADD COLUMN carton_qty INTEGER CHECK (carton_qty > 0);

-- COMPARE-03: the same generic (the name as printed, 阿莫西林胶囊) cheapest unit first, read by index and stopped at
-- the page; the expression is the one ORDER BY writes (src/areas/compare/store.ts), a spec without units last.
CREATE INDEX goods_name_unit_price_idx ON goods (name, ((price::numeric / units_per_pack)), id);
-- COMPARE-04: the table's orders by price per unit, maker and expiry walk their own index.
CREATE INDEX goods_unit_price_idx ON goods (((price::numeric / units_per_pack)), id);
CREATE INDEX goods_maker_order_idx ON goods (sccj, id);
CREATE INDEX goods_expiry_order_idx ON goods (expire_date, id);

-- The detail reads the new columns with the rest of the goods (GOODS_BASE_COLUMNS in src/lib/goods.ts); 0046's
-- definition with them added.
CREATE OR REPLACE FUNCTION goods_detail(goods_id INTEGER) RETURNS JSON
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT row_to_json(x) FROM (
      SELECT g.id, g.name, g.sccj, g.ypgg, g.bzdw, g.pzwh, g.ck_id, g.is_buy, g.number, g.is_youx,
        g.type, g.is_dpby, g.qg_number, g.is_free_shipping, g.free_shipping_number, g.base_price, g.price,
        g.ladder_price_type, g.category_id, g.brand_id, g.sales, g.is_hm, to_char(g.expire_date, 'YYYY-MM-DD') AS
        expire_date, g.is_kx, g.scope_class, g.dosage_form, g.rx_class, g.is_yb,
        g.units_per_pack, g.unit_word, g.carton_qty,
        COALESCE((SELECT json_agg(json_build_object('number', lp.number, 'price', lp.price) ORDER BY lp.number)
          FROM ladder_prices lp WHERE lp.goods_id = g.id), '[]'::json) AS ladder_price,
        COALESCE((SELECT json_agg(json_build_object('name', t.name, 'describe', gt.describe, 'is_show', gt.is_show,
            'color', t.color) ORDER BY t.sort)
          FROM goods_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.goods_id = g.id), '[]'::json) AS tags
      FROM goods g WHERE g.id = goods_detail.goods_id
    ) x
  );
END
$$;

-- COMPARE-03: the same generic in one call whose plans PL/pgSQL keeps per connection (as goods_detail's, 0002): the
-- goods' name, how many goods carry it, and the first `max_goods` of them as goods_detail writes a goods, the
-- cheapest unit first; null for an unknown goods.
CREATE FUNCTION same_generic(goods_id INTEGER, max_goods INTEGER) RETURNS JSON
LANGUAGE plpgsql STABLE AS $$
DECLARE
  target TEXT;
BEGIN
  SELECT g.name INTO target FROM goods g WHERE g.id = same_generic.goods_id;
  IF target IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object(
    'name', target,
    'total', (SELECT count(*)::int FROM goods g WHERE g.name = target),
    'goods', COALESCE((
      SELECT json_agg(goods_detail(p.id) ORDER BY p.n)
      FROM (
        SELECT g.id, row_number() OVER (ORDER BY (g.price::numeric / g.units_per_pack), g.id) AS n
        FROM goods g WHERE g.name = target
        ORDER BY (g.price::numeric / g.units_per_pack), g.id
        LIMIT max_goods
      ) p
    ), '[]'::json)
  );
END
$$;
