import { CHINA_TODAY } from '../db/china-day';
import type { Queryable } from '../db/db';

/**
 * The inspection-report step: the two latest batches of every goods, each with the report of the laboratory that
 * tested it. Written by one statement from the goods rows, so a catalogue of any size gets its reports in one go;
 * dates count back from the day the store was seeded, as the goods' stock dates do.
 */
export async function seedInspectionReports(tx: Queryable): Promise<void> {
  await tx.query(
    `INSERT INTO inspection_reports (goods_id, batch_no, report_no, lab, produced_on, expires_on, inspected_on, conclusion)
     SELECT g.id,
            to_char(b.produced, 'YYMMDD') || lpad((g.id % 100)::text, 2, '0'),
            'JY' || to_char(b.produced + 9, 'YYYYMMDD') || lpad(g.id::text, 6, '0') || b.n,
            (ARRAY['浙江省食品药品检验研究院', '江苏省食品药品监督检验研究院', '广东省药品检验所',
                   '上海市食品药品检验研究院', '湖北省药品监督检验研究院'])[1 + (g.id + b.n) % 5],
            b.produced,
            b.produced + 730,
            b.produced + 9,
            '符合规定'
       FROM goods g
      CROSS JOIN LATERAL (VALUES (1, ${CHINA_TODAY} - 40 - g.id % 60), (2, ${CHINA_TODAY} - 220 - g.id % 90))
            AS b (n, produced)`,
  );
}
