-- Zones (CATALOG-01) that hang on the goods themselves: near-expiry (近效期, /jxqzc) needs each goods' expiry
-- date, controlled sales (控销, /kxzq) a flag. Both travel in the goods object, so the detail function reads them.
ALTER TABLE goods ADD COLUMN expire_date DATE;
ALTER TABLE goods ADD COLUMN is_kx INTEGER NOT NULL DEFAULT 0;
CREATE INDEX goods_expire_idx ON goods (expire_date);
CREATE INDEX goods_kx_idx ON goods (is_kx) WHERE is_kx = 1;

CREATE OR REPLACE FUNCTION goods_detail(goods_id INTEGER) RETURNS JSON
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT row_to_json(x) FROM (
      SELECT g.id, g.name, g.sccj, g.ypgg, g.bzdw, g.pzwh, g.ck_id, g.is_buy, g.number, g.is_youx,
        g.type, g.is_dpby, g.qg_number, g.is_free_shipping, g.free_shipping_number, g.base_price, g.price,
        g.ladder_price_type, g.category_id, g.brand_id, g.sales, g.is_hm, to_char(g.expire_date, 'YYYY-MM-DD') AS
        expire_date, g.is_kx,
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
