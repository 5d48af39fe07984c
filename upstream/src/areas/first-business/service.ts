/**
 * First-business documents (首营资料, FIRST-01..FIRST-05): the seller's licences and each goods' approval document and
 * latest inspection report in one zip with an index sheet, and the record of which goods' documents the company took.
 * Rules over ./store; no HTTP here.
 */
import JSZip from 'jszip';
import { Refusal } from '@pharma/domain/codes';
import type { Seller } from '../../config';
import type { Db, Queryable } from '../../db/db';
import { ApiError, iso, notFound } from '../../lib/http';
import { page } from '../../lib/paging';
import { invoiceDate } from '../invoices/pdf';
import type { ExportFile } from '../order-export/service';
import { workbook, type Column, type Table } from '../order-export/sheets';
import { renderCertificatePdf, type CertificatePage } from './documents-pdf';
import * as store from './store';

/** FIRST-02: the most goods one download covers. */
export const FIRST_MAX_GOODS = 50;

/** FIRST-01: what the buyer's copy says it is, at the foot of every page. */
const FOOTNOTE =
  '本件由药采网依据销售方在案资料生成，盖销售方质量管理专用章，供购货单位首营审核存档；如需核对请以原件为准。';
const SEAL = '质量管理专用章';
/** FIRST-01: the seller's licences not yet published by the deployment read as the footer does (SHELL-07). */
const UNPUBLISHED = '（待公示）';

/** What to take: an order's goods or goods chosen by id. */
export type DocumentsRequest = { orderId: number } | { goodsIds: readonly number[] };

/** A file name part without characters a file system refuses, at most `max` characters. */
function safeName(text: string, max = 40): string {
  const clean = text.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').trim();
  return [...clean].slice(0, max).join('') || '_';
}

/** FIRST-01: the seller's three licences from its facts (INFO-08). */
function sellerPages(seller: Seller): { file: string; kind: string; page: CertificatePage }[] {
  const common = { issuer: seller.name, seal: SEAL, footnote: FOOTNOTE };
  const licence = seller.drugLicence ?? UNPUBLISHED;
  return [
    {
      file: '营业执照.pdf',
      kind: '营业执照',
      page: {
        ...common,
        title: '营业执照',
        subtitle: `统一社会信用代码：${seller.taxId}`,
        facts: [
          ['名称', seller.name],
          ['统一社会信用代码', seller.taxId],
        ],
      },
    },
    {
      file: '药品经营许可证.pdf',
      kind: '药品经营许可证',
      page: {
        ...common,
        title: '药品经营许可证',
        subtitle: `编号：${licence}`,
        facts: [
          ['企业名称', seller.name],
          ['统一社会信用代码', seller.taxId],
          ['许可证编号', licence],
          ['经营方式', '批发'],
          ['互联网药品信息服务资格证书', seller.internetDrugLicence ?? UNPUBLISHED],
        ],
      },
    },
    {
      file: 'GSP证书.pdf',
      kind: 'GSP证书',
      page: {
        ...common,
        title: '药品经营质量管理规范认证证书',
        subtitle: `GSP证书编号：${seller.gspCertificate ?? UNPUBLISHED}`,
        facts: [
          ['企业名称', seller.name],
          ['统一社会信用代码', seller.taxId],
          ['药品经营许可证编号', licence],
          ['证书编号', seller.gspCertificate ?? UNPUBLISHED],
        ],
      },
    },
  ];
}

/**
 * The seller's licences are the same for every download until the configuration changes (a restart): drawn once per
 * process, and again after a failed drawing.
 */
let licenceCache: { key: string; pdfs: Promise<Buffer[]> } | undefined;
function sellerPdfs(seller: Seller, pages: ReturnType<typeof sellerPages>): Promise<Buffer[]> {
  const key = JSON.stringify(seller);
  if (licenceCache?.key !== key) {
    const pdfs = Promise.all(pages.map(({ page }) => renderCertificatePdf(page)));
    licenceCache = { key, pdfs };
    pdfs.catch(() => {
      if (licenceCache?.pdfs === pdfs) licenceCache = undefined;
    });
  }
  return licenceCache.pdfs;
}

/** FIRST-01: the approval document's title by the kind of its number: a device's 注册证 or a drug's 注册证书. */
const isDevice = (pzwh: string) => /械[注备]/.test(pzwh);

function approvalPage(goods: store.DocumentGoodsRow, seller: Seller): CertificatePage {
  const device = isDevice(goods.pzwh);
  return {
    title: device ? '医疗器械注册证' : '药品注册证书',
    subtitle: `${device ? '注册证编号' : '药品批准文号'}：${goods.pzwh}`,
    facts: [
      [device ? '产品名称' : '药品名称', goods.name],
      [device ? '注册证编号' : '药品批准文号', goods.pzwh],
      [device ? '型号规格' : '规格', goods.ypgg],
      [device ? '注册人' : '生产企业', goods.sccj],
      ['包装单位', goods.bzdw],
    ],
    issuer: seller.name,
    seal: SEAL,
    footnote: FOOTNOTE,
  };
}

function reportPage(goods: store.DocumentGoodsRow, report: store.LatestReportRow, seller: Seller): CertificatePage {
  return {
    title: '药品检验报告书',
    subtitle: `报告编号：${report.report_no}`,
    facts: [
      ['检品名称', goods.name],
      ['规格', goods.ypgg],
      ['生产单位', goods.sccj],
      ['批号', report.batch_no],
      ['生产日期', report.produced_on],
      ['有效期至', report.expires_on],
      ['检验机构', report.lab],
      ['检验依据', '《中华人民共和国药典》2025年版'],
      ['报告日期', report.inspected_on],
    ],
    statement: `检验结论：本品按上述依据检验，结果${report.conclusion}。`,
    issuer: seller.name,
    seal: SEAL,
    footnote: FOOTNOTE,
  };
}

const INDEX_COLUMNS: readonly Column[] = [
  { head: '序号', width: 6 },
  { head: '文件', width: 48 },
  { head: '资料类型', width: 16 },
  { head: '商品编码', width: 10 },
  { head: '商品名称', width: 24 },
  { head: '规格', width: 16 },
  { head: '生产厂家', width: 24 },
  { head: '批准文号', width: 22 },
  { head: '检验报告批号', width: 14 },
];

/** FIRST-01: the index sheet's name inside the zip. */
export const INDEX_FILE = '资料索引.xlsx';

/** The goods to take and the order they are of, or the refusal (FIRST-02). */
async function chosenGoods(q: Queryable, userId: number, request: DocumentsRequest) {
  if ('orderId' in request) {
    const order = await store.orderGoods(q, userId, request.orderId);
    if (order === undefined) throw notFound('订单不存在');
    if (order.goodsIds.length > FIRST_MAX_GOODS) {
      throw new ApiError(
        400,
        Refusal.FIRST_TOO_MANY_GOODS,
        `该订单有${order.goodsIds.length}种商品，一次最多下载${FIRST_MAX_GOODS}种商品的首营资料，请在商品详情中分次下载`,
      );
    }
    return { goods: await store.goodsOf(q, order.goodsIds), orderId: request.orderId, orderSn: order.orderSn };
  }
  const ids = [...new Set(request.goodsIds)];
  const goods = await store.goodsOf(q, ids);
  if (goods.length < ids.length) throw new ApiError(404, Refusal.FIRST_GOODS_NOT_FOUND, '商品不存在');
  return { goods, orderId: null, orderSn: null };
}

/** The company's name for the index sheet. */
async function buyerName(q: Queryable, userId: number): Promise<string> {
  const [row] = await q.query<{ name: string }>(
    'SELECT c.name FROM users u JOIN companies c ON c.id = u.company_id WHERE u.id = $1',
    [userId],
  );
  return row?.name ?? '';
}

/**
 * FIRST-01..FIRST-04: one zip of the seller's licences and, per goods, its approval document (when it has a 批准文号)
 * and its latest inspection report (when a batch has one), with 资料索引.xlsx listing every file; the download is
 * recorded per goods for the account's company.
 */
export async function documentsZip(
  db: Db,
  seller: Seller,
  userId: number,
  request: DocumentsRequest,
  now = new Date(),
): Promise<ExportFile> {
  const { goods, orderId, orderSn } = await chosenGoods(db, userId, request);
  const [reports, company] = await Promise.all([
    store.latestReports(
      db,
      goods.map((g) => g.id),
    ),
    buyerName(db, userId),
  ]);
  const reportOf = new Map(reports.map((r) => [r.goods_id, r]));

  const zip = new JSZip();
  const rows: (string | number)[][] = [];
  const add = async (path: string, page: CertificatePage) => zip.file(path, await renderCertificatePdf(page));

  const licences = sellerPages(seller);
  const licencePdfs = await sellerPdfs(seller, licences);
  licences.forEach(({ file, kind }, i) => {
    const path = `01-企业资质/${file}`;
    zip.file(path, licencePdfs[i] ?? Buffer.alloc(0));
    rows.push([rows.length + 1, path, kind, '', '', '', '', '', '']);
  });
  let n = 0;
  for (const g of goods) {
    n += 1;
    const folder = `02-商品资料/${String(n).padStart(2, '0')}-${safeName(g.name)}（${g.id}）`;
    const facts = [String(g.id), g.name, g.ypgg, g.sccj, g.pzwh === '' ? '无' : g.pzwh];
    if (g.pzwh === '') {
      rows.push([rows.length + 1, '（无：该商品无批准文号）', '注册证', ...facts, '']);
    } else {
      const page = approvalPage(g, seller);
      const path = `${folder}/${page.title}-${safeName(g.pzwh)}.pdf`;
      await add(path, page);
      rows.push([rows.length + 1, path, page.title, ...facts, '']);
    }
    const report = reportOf.get(g.id);
    if (report === undefined) {
      rows.push([rows.length + 1, '（暂无检验报告）', '检验报告', ...facts, '']);
    } else {
      const path = `${folder}/检验报告-批号${safeName(report.batch_no)}.pdf`;
      await add(path, reportPage(g, report, seller));
      rows.push([rows.length + 1, path, '检验报告', ...facts, report.batch_no]);
    }
  }

  const day = invoiceDate(now);
  const index: Table = {
    name: '资料索引',
    title: [
      '首营资料索引',
      `购货单位：${company}`,
      `销售单位：${seller.name}（统一社会信用代码 ${seller.taxId}）`,
      `${orderSn === null ? '' : `订单号：${orderSn}；`}商品${goods.length}种；下载日期：${day}`,
    ],
    columns: INDEX_COLUMNS,
    rows,
  };
  zip.file(INDEX_FILE, await workbook([index], '药采网'));
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });

  await store.recordTakes(
    db,
    userId,
    goods.map((g) => g.id),
    orderId,
  );
  const stamp = day.replace(/[年月]/g, '').replace('日', '');
  return {
    name: `首营资料-${orderSn ?? (goods.length === 1 ? safeName(goods[0]?.name ?? '') : `${goods.length}种商品`)}-${stamp}.zip`,
    type: 'application/zip',
    bytes,
  };
}

/** FIRST-05: a page of the goods whose documents the account's company took, the latest taken first. */
export async function takenGoods(q: Queryable, userId: number, current: number, perPage: number) {
  const rows = await store.takenPage(q, userId, perPage, (current - 1) * perPage);
  return page(
    rows.map(({ total: _total, last_taken_at, ...row }) => ({ ...row, last_taken_at: iso(last_taken_at) })),
    rows[0]?.total ?? 0,
    current,
    perPage,
  );
}
