-- Business scope (经营范围, SCOPE-01..SCOPE-06, ADR 0136): every goods carries one scope class and a company's
-- licences grant classes; goods of a class the buyer's company is not granted are not sold to it. The classes are
-- listed once, in @pharma/domain/business-scope (SCOPE_CLASSES); the store keeps their codes.

-- SCOPE-01: the goods' class. The seed classes each goods from its kind and category (seed step business_scope);
-- a goods written without one is an ordinary chemical drug (化学药制剂).
ALTER TABLE goods ADD COLUMN scope_class TEXT NOT NULL DEFAULT 'CHEMICAL';

-- The classes a company's licences grant, in the licence's order: each row now names its class by code, and the
-- basic-info page (ACCOUNT-03) shows the class's name. A name that is no class grants nothing and goes.
ALTER TABLE business_scopes ADD COLUMN scope_class TEXT;
UPDATE business_scopes SET scope_class = CASE name
  WHEN '化学药制剂' THEN 'CHEMICAL'
  WHEN '抗生素制剂' THEN 'ANTIBIOTIC'
  WHEN '生化药品' THEN 'BIOCHEMICAL'
  WHEN '生物制品' THEN 'BIOLOGICAL'
  WHEN '生物制品（除疫苗）' THEN 'BIOLOGICAL'
  WHEN '中成药' THEN 'PATENT'
  WHEN '中药饮片' THEN 'SLICES'
  WHEN '含特殊药品复方制剂' THEN 'SPECIAL_COMPOUND'
  WHEN '冷藏冷冻药品' THEN 'COLD_CHAIN'
  WHEN '第一类医疗器械' THEN 'DEVICE_1'
  WHEN '第二类医疗器械' THEN 'DEVICE_2'
  WHEN '第三类医疗器械' THEN 'DEVICE_3'
END;
DELETE FROM business_scopes WHERE scope_class IS NULL;
ALTER TABLE business_scopes ALTER COLUMN scope_class SET NOT NULL;
ALTER TABLE business_scopes DROP COLUMN name;
ALTER TABLE business_scopes ADD CONSTRAINT business_scopes_class_key UNIQUE (company_id, scope_class);

-- The detail reads the class with the rest of the goods (GOODS_BASE_COLUMNS in src/lib/goods.ts).
CREATE OR REPLACE FUNCTION goods_detail(goods_id INTEGER) RETURNS JSON
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT row_to_json(x) FROM (
      SELECT g.id, g.name, g.sccj, g.ypgg, g.bzdw, g.pzwh, g.ck_id, g.is_buy, g.number, g.is_youx,
        g.type, g.is_dpby, g.qg_number, g.is_free_shipping, g.free_shipping_number, g.base_price, g.price,
        g.ladder_price_type, g.category_id, g.brand_id, g.sales, g.is_hm, to_char(g.expire_date, 'YYYY-MM-DD') AS
        expire_date, g.is_kx, g.scope_class,
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
