/**
 * INVOICE-04: the invoice as a PDF, drawn on request with pdfkit. The Chinese text is set in Noto Sans SC (SIL Open
 * Font License, shipped by an npm package so `npm ci` brings it), and pdfkit embeds only the glyphs the invoice uses:
 * a one-page invoice is a few dozen kilobytes, not the font's ten megabytes.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { capitalAmount } from '@pharma/domain/capital-amount';
import { formatFen } from '@pharma/domain/money';

const require = createRequire(import.meta.url);
const FONT_PATH = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');

let fontBytes: Promise<Buffer> | undefined;
/**
 * Read once per process, on the first invoice drawn; a failed read is tried again next time. The order statement
 * (ORDER-17) draws with the same font.
 */
export function font(): Promise<Buffer> {
  fontBytes ??= readFile(FONT_PATH).catch((error: unknown) => {
    fontBytes = undefined;
    throw error;
  });
  return fontBytes;
}

/**
 * A PDF drawn in Noto Sans SC, registered as 'cjk' and chosen; `bytes()` ends the document and resolves with what it
 * wrote. Every PDF the upstream draws (invoices, statements, delivery notes, first-business documents) starts here.
 */
export async function cjkPdf(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; bytes: () => Promise<Buffer> }> {
  const fontData = await font();
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('cjk', fontData);
  doc.font('cjk');
  return {
    doc,
    async bytes() {
      doc.end();
      await ended;
      return Buffer.concat(chunks);
    },
  };
}

export interface Party {
  name: string;
  taxId: string;
  addressPhone?: string;
  bankAccount?: string;
}

export interface InvoiceDocument {
  /** 电子发票（普通发票） or 电子发票（增值税专用发票）. */
  title: string;
  code: string;
  number: string;
  issuedAt: Date;
  /** INVOICE-13: a 专票 also prints the buyer's 地址、电话 and 开户行及账号. */
  buyer: Party;
  seller: { name: string; taxId: string };
  lines: { name: string; spec: string; unit: string; quantity: number | null; price: number | null; total: number }[];
  /** What was paid, in fen; the lines add up to it. */
  total: number;
  note: string[];
}

const CHINA_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The issue date as an invoice writes it, in China's calendar: 2026年11月25日. */
export function invoiceDate(at: Date): string {
  const [y, m, d] = CHINA_DAY.format(at).split('-');
  return `${y}年${m}月${d}日`;
}

// A4 in points, with the frame's left edge and width; the brown of paper invoices' frames.
const PAGE = { width: 595.28, height: 841.89 };
const LEFT = 36;
const WIDTH = PAGE.width - 2 * LEFT;
const INK = '#222222';
const FRAME = '#9c4a1a';
const COLUMNS = [
  { title: '项目名称', width: 175, align: 'left' },
  { title: '规格型号', width: 95, align: 'left' },
  { title: '单位', width: 40, align: 'center' },
  { title: '数量', width: 50, align: 'right' },
  { title: '单价', width: 70, align: 'right' },
  { title: '金额', width: WIDTH - 430, align: 'right' },
] as const;
const PAD = 4;

/** INVOICE-04: renders the invoice; resolves with the PDF's bytes. */
export async function renderInvoicePdf(inv: InvoiceDocument): Promise<Buffer> {
  const { doc, bytes } = await cjkPdf({
    size: 'A4',
    margin: LEFT,
    info: { Title: `${inv.title} ${inv.number}`, Author: inv.seller.name, Subject: `发票号码 ${inv.number}` },
  });
  doc.fillColor(INK);

  const head = () => {
    doc.fontSize(20).fillColor(FRAME).text(inv.title, LEFT, 40, { width: WIDTH, align: 'center' });
    doc
      .moveTo(PAGE.width / 2 - 110, 70)
      .lineTo(PAGE.width / 2 + 110, 70)
      .lineWidth(1)
      .strokeColor(FRAME)
      .stroke();
    doc.fillColor(INK).fontSize(9);
    const facts = [`发票代码：${inv.code}`, `发票号码：${inv.number}`, `开票日期：${invoiceDate(inv.issuedAt)}`];
    facts.forEach((fact, i) => doc.text(fact, LEFT + WIDTH - 190, 82 + i * 13, { width: 190 }));
  };

  head();
  // Buyer and seller, side by side in one framed row; a 专票's buyer has two more lines (INVOICE-13).
  let y = 126;
  const half = WIDTH / 2;
  const partyLines = (p: Party) => [
    `名称：${p.name}`,
    `统一社会信用代码/纳税人识别号：${p.taxId}`,
    ...(p.addressPhone === undefined ? [] : [`地址、电话：${p.addressPhone}`]),
    ...(p.bankAccount === undefined ? [] : [`开户行及账号：${p.bankAccount}`]),
  ];
  const lineWidth = half - 2 * PAD;
  // A long 地址、电话 wraps: each line starts below what the one before it took. Answers the party's height.
  const party = (label: string, p: Party, x: number): number => {
    doc
      .fontSize(9)
      .fillColor(FRAME)
      .text(label, x + PAD, y + PAD, { width: lineWidth });
    doc.fillColor(INK);
    let at = y + PAD + 16;
    for (const line of partyLines(p)) {
      doc.text(line, x + PAD, at, { width: lineWidth });
      at += Math.max(16, doc.heightOfString(line, { width: lineWidth }) + 4);
    }
    return at - y + PAD;
  };
  const boxHeight = Math.max(party('购买方信息', inv.buyer, LEFT), party('销售方信息', inv.seller, LEFT + half));
  doc.lineWidth(0.8).strokeColor(FRAME).rect(LEFT, y, WIDTH, boxHeight).stroke();
  doc
    .moveTo(LEFT + half, y)
    .lineTo(LEFT + half, y + boxHeight)
    .stroke();
  y += boxHeight;

  const tableHead = () => {
    let x = LEFT;
    doc.fontSize(9).fillColor(FRAME);
    for (const c of COLUMNS) {
      doc.text(c.title, x + PAD, y + 5, { width: c.width - 2 * PAD, align: 'center' });
      x += c.width;
    }
    doc.rect(LEFT, y, WIDTH, 20).stroke();
    y += 20;
    doc.fillColor(INK);
  };
  tableHead();

  const bottom = PAGE.height - 150;
  for (const line of inv.lines) {
    const cells = [
      line.name,
      line.spec,
      line.unit,
      line.quantity === null ? '' : String(line.quantity),
      line.price === null ? '' : formatFen(line.price),
      formatFen(line.total),
    ];
    doc.fontSize(9);
    const height =
      Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: (COLUMNS[i]?.width ?? 40) - 2 * PAD }))) +
      2 * PAD;
    if (y + height > bottom) {
      doc.addPage();
      head();
      y = 126;
      tableHead();
    }
    let x = LEFT;
    cells.forEach((text, i) => {
      const c = COLUMNS[i];
      if (c === undefined) return;
      doc.text(text, x + PAD, y + PAD, { width: c.width - 2 * PAD, align: c.align });
      x += c.width;
    });
    doc
      .moveTo(LEFT, y + height)
      .lineTo(LEFT + WIDTH, y + height)
      .lineWidth(0.3)
      .stroke()
      .lineWidth(0.8);
    y += height;
  }

  // The total in capitals and in figures, then the note.
  doc.rect(LEFT, y, WIDTH, 24).stroke();
  doc
    .fontSize(10)
    .fillColor(FRAME)
    .text('价税合计（大写）', LEFT + PAD, y + 7, { width: 100 });
  doc.fillColor(INK).text(`⊗${capitalAmount(inv.total)}`, LEFT + 104, y + 7, { width: 280 });
  doc.fillColor(FRAME).text('（小写）', LEFT + WIDTH - 150, y + 7, { width: 50 });
  doc.fillColor(INK).text(`¥${formatFen(inv.total)}`, LEFT + WIDTH - 100, y + 7, { width: 96, align: 'right' });
  y += 24;
  const noteText = inv.note.join('\n');
  doc.fontSize(9);
  const noteHeight = Math.max(40, doc.heightOfString(noteText, { width: WIDTH - 60 }) + 2 * PAD);
  doc.rect(LEFT, y, WIDTH, noteHeight).stroke();
  doc.fillColor(FRAME).text('备注', LEFT + PAD, y + PAD, { width: 40 });
  doc.fillColor(INK).text(noteText, LEFT + 52, y + PAD, { width: WIDTH - 60 });
  y += noteHeight + 12;
  doc.fontSize(9).text(`销售方：${inv.seller.name}`, LEFT, y, { width: WIDTH / 2 });
  doc.text('开票人：平台开票系统', LEFT + WIDTH / 2, y, { width: WIDTH / 2, align: 'right' });

  return bytes();
}
