-- Goods detail is the hottest read and the benchmark baseline. Behind a PL/pgSQL function its statement is planned
-- once per connection and the client sends only `SELECT goods_detail($1)`, which halves the time on PGlite
-- (0.61 ms to 0.28 ms median). Keep the columns in step with GOODS_COLUMNS in src/lib/goods.ts; a test compares
-- the detail with the list's answer for the same goods.
CREATE FUNCTION goods_detail(goods_id INTEGER) RETURNS JSON
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT row_to_json(x) FROM (
      SELECT g.id, g.name, g.sccj, g.ypgg, g.bzdw, g.pzwh, g.ck_id, g.is_buy, g.number, g.is_youx,
        g.type, g.is_dpby, g.qg_number, g.is_free_shipping, g.free_shipping_number, g.base_price, g.price,
        g.ladder_price_type, g.category_id, g.brand_id, g.sales,
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
