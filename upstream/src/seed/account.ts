import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';

/**
 * The account centre's seed step (issue 11): the qualification documents of the two demo companies (their business
 * scope is the business_scope step's, SCOPE-06). Validity is relative to the day of seeding, so the story holds whenever the store is created: demo's
 * company has every document valid but its purchaser's authorisation, which ends within 30 days; demo2's clinic has an
 * expired GSP certificate, so its checkout is refused (QUAL-04).
 */

interface DocumentSeed {
  kind: keyof typeof KIND_LABELS;
  name: string;
  number: string;
  /** Days from the seeding day (China's date) to the first and last valid day; null last day is 长期. */
  from: number;
  to: number | null;
  required: 0 | 1;
}

/** The ASCII title of each kind on the sample scans (the PDF's standard font has no Chinese glyphs). */
const KIND_LABELS = {
  business_licence: 'Business Licence',
  drug_trading: 'Drug Trading Licence',
  gsp: 'GSP Certificate',
  medical_institution: 'Medical Institution Licence',
  purchase_authorisation: 'Purchaser Authorisation',
  id_card: 'ID Card of the Legal Representative',
} as const;

/**
 * A one-page PDF standing for a scan, so that 查看证件 opens something for the demo buyers: a frame, the kind and the
 * number, and a line that says it is a sample. Built by hand (objects, cross-reference table, trailer) because a
 * PDF library would be a dependency for one seed file.
 */
export function sampleScan(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((line, i) => `${i === 0 ? '' : '0 -34 Td '}(${escape(line)}) Tj`).join('\n');
  const content = `1 w 48 48 516 696 re S\nBT /F1 22 Tf 84 680 Td\n${text}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A 营业执照's number is the company's 统一社会信用代码 (check character by GB 32100-2015): the invoices step reads the
 * company's taxpayer id from it (INVOICE-09).
 */
const DOCUMENTS: Record<number, DocumentSeed[]> = {
  1: [
    { kind: 'business_licence', name: '营业执照', number: '91330106MA27XK8P1K', from: -1460, to: null, required: 1 },
    { kind: 'drug_trading', name: '药品经营许可证', number: '浙AA5710368', from: -700, to: 1125, required: 1 },
    { kind: 'gsp', name: 'GSP证书', number: 'ZJ-GSP-2024-0368', from: -400, to: 695, required: 1 },
    { kind: 'purchase_authorisation', name: '采购委托书', number: 'WT-2026-0017', from: -347, to: 18, required: 1 },
    { kind: 'id_card', name: '法人身份证', number: '330106********2316', from: -2000, to: 1650, required: 0 },
  ],
  2: [
    { kind: 'business_licence', name: '营业执照', number: '92320106MA1WQ3C5XW', from: -1200, to: null, required: 1 },
    {
      kind: 'medical_institution',
      name: '医疗机构执业许可证',
      number: 'PDY32010632010617D2152',
      from: -900,
      to: 925,
      required: 1,
    },
    { kind: 'gsp', name: 'GSP证书', number: 'JS-GSP-2021-1105', from: -1837, to: -12, required: 1 },
    { kind: 'purchase_authorisation', name: '采购委托书', number: 'WT-2026-0042', from: -120, to: 245, required: 1 },
    { kind: 'id_card', name: '法人身份证', number: '320106********0428', from: -1500, to: 2150, required: 0 },
  ],
};

export async function seedAccount(tx: Queryable): Promise<void> {
  const today = "((now() AT TIME ZONE 'UTC') + interval '8 hours')::date";
  for (const [companyId, docs] of Object.entries(DOCUMENTS)) {
    // The scans belong to the company's first login (demo, demo2), who uploaded them and alone may read them back.
    const [owner] = await tx.query<{ id: number }>('SELECT min(id) AS id FROM users WHERE company_id = $1', [
      Number(companyId),
    ]);
    for (const [sort, d] of docs.entries()) {
      const bytes = sampleScan([KIND_LABELS[d.kind], `No. ${d.number.replace(/[^\x20-\x7e]/g, '*')}`, 'Sample scan']);
      const [file] = await tx.query<{ id: number }>(
        `INSERT INTO files (user_id, purpose, name, mime, size, sha256, bytes)
         VALUES ($1, 'qualification', $2, 'application/pdf', $3, $4, $5) RETURNING id`,
        [owner?.id ?? 0, `${d.name}.pdf`, bytes.byteLength, createHash('sha256').update(bytes).digest('hex'), bytes],
      );
      await tx.query(
        `INSERT INTO qualifications (company_id, kind, name, number, valid_from, valid_to, required, sort, file_id)
         VALUES ($1, $2, $3, $4, ${today} + $5::int, ${today} + $6::int, $7, $8, $9)`,
        [Number(companyId), d.kind, d.name, d.number, d.from, d.to, d.required, sort, file?.id ?? null],
      );
    }
  }
}
