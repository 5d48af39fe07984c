import { createHash } from 'node:crypto';
import { CHINA_TODAY } from '../db/china-day';
import type { Queryable } from '../db/db';
import { renderCertificatePdf } from '../areas/first-business/documents-pdf';

/**
 * The account centre's seed step (issue 11): the qualification documents of the two demo companies (their business
 * scope is the business_scope step's, SCOPE-06). Validity is relative to the day of seeding, so the story holds whenever the store is created: demo's
 * company has every document valid but its purchaser's authorisation, which ends within 30 days; demo2's clinic has an
 * expired GSP certificate, so its checkout is refused (QUAL-04).
 */

export interface DocumentSeed {
  kind: keyof typeof ISSUERS;
  name: string;
  number: string;
  /** Days from the seeding day (China's date) to the first and last valid day; null last day is 长期. */
  from: number;
  to: number | null;
  required: 0 | 1;
}

/** Who issues each kind of document, printed beside its seal on the sample scan. */
const ISSUERS = {
  business_licence: '市场监督管理局',
  drug_trading: '药品监督管理局',
  gsp: '药品监督管理局',
  medical_institution: '卫生健康委员会',
  purchase_authorisation: '本企业',
  id_card: '公安局',
} as const;

// The same documents are drawn in every store a process seeds (tests seed many): drawn once, then reused.
const drawn = new Map<string, Promise<Buffer>>();

/**
 * QUAL-01: a one-page PDF standing for the uploaded scan, so that 查看证件 opens the document it names, in Chinese:
 * its title and number, the company, the validity, and a footnote saying it is a sample of the demo.
 */
function sampleScan(d: DocumentSeed, company: string, validFrom: string, validTo: string | null): Promise<Buffer> {
  const page = {
    title: d.name,
    subtitle: `编号：${d.number}`,
    facts: [
      ['单位名称', company],
      ['证件编号', d.number],
      ['有效期限', `${validFrom} 至 ${validTo ?? '长期'}`],
    ] as const,
    issuer: ISSUERS[d.kind],
    seal: '样本',
    footnote: '演示数据：本页为资质证件扫描件的样本，由系统生成，非真实证照。',
  };
  const key = JSON.stringify(page);
  let bytes = drawn.get(key);
  if (bytes === undefined) {
    bytes = renderCertificatePdf(page);
    drawn.set(key, bytes);
  }
  return bytes;
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

/**
 * One qualification document of a company with its sample scan, uploaded by `userId`; validity in days from the
 * seeding day (China's date). The demo companies' documents and the unsigned company's (contracts step) alike.
 */
export async function insertSampleDocument(
  tx: Queryable,
  owner: { userId: number; companyId: number; company: string },
  d: DocumentSeed,
  sort: number,
): Promise<void> {
  const [valid] = await tx.query<{ valid_from: string; valid_to: string | null }>(
    `SELECT to_char(${CHINA_TODAY} + $1::int, 'YYYY-MM-DD') AS valid_from, to_char(${CHINA_TODAY} + $2::int, 'YYYY-MM-DD') AS valid_to`,
    [d.from, d.to],
  );
  const bytes = await sampleScan(d, owner.company, valid?.valid_from ?? '', valid?.valid_to ?? null);
  const [file] = await tx.query<{ id: number }>(
    `INSERT INTO files (user_id, purpose, name, mime, size, sha256, bytes)
     VALUES ($1, 'qualification', $2, 'application/pdf', $3, $4, $5) RETURNING id`,
    [owner.userId, `${d.name}.pdf`, bytes.byteLength, createHash('sha256').update(bytes).digest('hex'), bytes],
  );
  await tx.query(
    `INSERT INTO qualifications (company_id, kind, name, number, valid_from, valid_to, required, sort, file_id)
     VALUES ($1, $2, $3, $4, ${CHINA_TODAY} + $5::int, ${CHINA_TODAY} + $6::int, $7, $8, $9)`,
    [owner.companyId, d.kind, d.name, d.number, d.from, d.to, d.required, sort, file?.id ?? null],
  );
}

export async function seedAccount(tx: Queryable): Promise<void> {
  for (const [companyId, docs] of Object.entries(DOCUMENTS)) {
    // The scans belong to the company's first login (demo, demo2), who uploaded them and alone may read them back.
    const [owner] = await tx.query<{ id: number; company: string }>(
      `SELECT min(u.id) AS id, min(c.name) AS company FROM users u JOIN companies c ON c.id = u.company_id
       WHERE u.company_id = $1`,
      [Number(companyId)],
    );
    for (const [sort, d] of docs.entries()) {
      await insertSampleDocument(
        tx,
        { userId: owner?.id ?? 0, companyId: Number(companyId), company: owner?.company ?? '' },
        d,
        sort,
      );
    }
  }
}
