import { CHINA_TODAY } from '../db/china-day';
import type { Queryable } from '../db/db';

/**
 * The batches step (BATCH-01, SEED-01): the goods' stock held by batch. Each goods with inspection reports gets its
 * oldest batch still on the shelf, expiring on the goods' expiry of the zones step (so the near-expiry zone keeps its
 * goods), with its laboratory report; that batch holds the stock, shared with the newest batch when the newest
 * expires later. Every report batch is a batch (out of stock unless it holds some), and the lines of the orders
 * seeded so far carry the batch they were shipped from, as new orders do. A store seeded before batches gets this at
 * its next start.
 */
export async function seedBatches(tx: Queryable): Promise<void> {
  // The batch on the shelf: produced two years before its expiry (three when that would be less than a month ago).
  await tx.query(
    `INSERT INTO inspection_reports (goods_id, batch_no, report_no, lab, produced_on, expires_on, inspected_on, conclusion)
     SELECT g.id, to_char(p.produced, 'YYMMDD') || lpad(((g.id + 50) % 100)::text, 2, '0'),
            'JY' || to_char(p.produced + 9, 'YYYYMMDD') || lpad(g.id::text, 6, '0') || '3',
            (ARRAY['浙江省食品药品检验研究院', '江苏省食品药品监督检验研究院', '广东省药品检验所',
                   '上海市食品药品检验研究院', '湖北省药品监督检验研究院'])[1 + (g.id + 3) % 5],
            p.produced, g.expire_date, p.produced + 9, '符合规定'
       FROM goods g
      CROSS JOIN LATERAL (SELECT CASE WHEN g.expire_date - 730 <= ${CHINA_TODAY} - 30 THEN g.expire_date - 730
                                      ELSE g.expire_date - 1095 END AS produced) p
      WHERE g.number > 0 AND g.expire_date IS NOT NULL
        AND EXISTS (SELECT 1 FROM inspection_reports r WHERE r.goods_id = g.id)
     ON CONFLICT DO NOTHING`,
  );
  await tx.query(
    `INSERT INTO goods_batches (goods_id, batch_no, quantity)
     SELECT r.goods_id, r.batch_no, 0 FROM inspection_reports r ON CONFLICT DO NOTHING`,
  );
  // The stock: half of it in the newest batch when that one expires after the shelf batch, else all on the shelf.
  await tx.query(
    `WITH shelf AS (
       SELECT g.id AS goods_id, g.number, s.batch_no AS shelf_no, s.expires_on AS shelf_expiry,
              (SELECT r.batch_no FROM inspection_reports r WHERE r.goods_id = g.id
               ORDER BY r.produced_on DESC, r.id DESC LIMIT 1) AS newest_no,
              (SELECT r.expires_on FROM inspection_reports r WHERE r.goods_id = g.id
               ORDER BY r.produced_on DESC, r.id DESC LIMIT 1) AS newest_expiry
       FROM goods g
       CROSS JOIN LATERAL (SELECT r.batch_no, r.expires_on FROM inspection_reports r
                           WHERE r.goods_id = g.id AND r.expires_on = g.expire_date ORDER BY r.id DESC LIMIT 1) s
       WHERE g.number > 0),
     split AS (
       SELECT goods_id, shelf_no AS batch_no,
              CASE WHEN newest_expiry > shelf_expiry THEN number - number / 2 ELSE number END AS quantity
       FROM shelf
       UNION ALL
       SELECT goods_id, newest_no, number / 2 FROM shelf WHERE newest_expiry > shelf_expiry AND newest_no <> shelf_no)
     UPDATE goods_batches b SET quantity = split.quantity
     FROM split WHERE b.goods_id = split.goods_id AND b.batch_no = split.batch_no`,
  );
  // The lines of the orders seeded so far, from the goods' first-expiring batch (a cancelled order holds none).
  await tx.query(
    `INSERT INTO order_line_batches (order_line_id, batch_id, number)
     SELECT l.id, f.id, l.number
       FROM order_lines l JOIN orders o ON o.id = l.order_id
      CROSS JOIN LATERAL (SELECT b.id FROM goods_batches b
                          JOIN inspection_reports r ON r.goods_id = b.goods_id AND r.batch_no = b.batch_no
                          WHERE b.goods_id = l.goods_id ORDER BY r.expires_on, b.id LIMIT 1) f
      WHERE o.status <> 4
     ON CONFLICT DO NOTHING`,
  );
}
