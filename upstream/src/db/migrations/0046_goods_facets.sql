-- Facets with counts (issue 29, FACET-01..FACET-09, ADR 0141): what a purchaser narrows a list by that the goods
-- did not yet carry. The seed writes them for new goods (catalogue step, the generated catalogue) and its
-- goods_facets step fills them in for a store seeded before this migration.

-- FACET-02: the dosage form (剂型) the name ends with (@pharma/domain/dosage-form); null for goods without one
-- (devices, herbal slices).
ALTER TABLE goods ADD COLUMN dosage_form TEXT;
-- FACET-03: the prescription class: RX 处方药, OTC_A 甲类OTC, OTC_B 乙类OTC; null for devices and herbal slices.
ALTER TABLE goods ADD COLUMN rx_class TEXT CHECK (rx_class IN ('RX', 'OTC_A', 'OTC_B'));
-- FACET-04: 1 when the goods is on the medical-insurance list (医保).
ALTER TABLE goods ADD COLUMN is_yb INTEGER NOT NULL DEFAULT 0;

-- FACET-06: a list narrowed by a facet's values reads them by index when they are few (a maker, a form, a spec).
CREATE INDEX goods_dosage_form_idx ON goods (dosage_form) WHERE dosage_form IS NOT NULL;
CREATE INDEX goods_ypgg_idx ON goods (ypgg);

-- The detail reads the new columns with the rest of the goods (GOODS_BASE_COLUMNS in src/lib/goods.ts).
CREATE OR REPLACE FUNCTION goods_detail(goods_id INTEGER) RETURNS JSON
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT row_to_json(x) FROM (
      SELECT g.id, g.name, g.sccj, g.ypgg, g.bzdw, g.pzwh, g.ck_id, g.is_buy, g.number, g.is_youx,
        g.type, g.is_dpby, g.qg_number, g.is_free_shipping, g.free_shipping_number, g.base_price, g.price,
        g.ladder_price_type, g.category_id, g.brand_id, g.sales, g.is_hm, to_char(g.expire_date, 'YYYY-MM-DD') AS
        expire_date, g.is_kx, g.scope_class, g.dosage_form, g.rx_class, g.is_yb,
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
