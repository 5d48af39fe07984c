/**
 * FIRST-01, FIRST-02: the documents of a first-business file (首营资料) as PDFs, drawn with pdfkit in the invoice's Noto
 * Sans SC (INVOICE-04), of which only the glyphs used are embedded. Every document is one A4 page: a framed
 * certificate with its title, number, a table of facts, a closing sentence and the issuer's seal.
 */
import { cjkPdf } from '../invoices/pdf';

/** One document to draw. */
export interface CertificatePage {
  /** 营业执照, 药品经营许可证, 药品检验报告书 … */
  title: string;
  /** The line under the title, such as the certificate's number; none when omitted. */
  subtitle?: string;
  /** Label and value rows of the table, in order. */
  facts: readonly (readonly [string, string])[];
  /** A sentence under the table (the verdict of a report); none when omitted. */
  statement?: string;
  /** Who issued it, printed at the bottom right beside the seal. */
  issuer: string;
  /** The seal's word, such as 检验专用章. */
  seal: string;
  /** The small print at the foot of the page. */
  footnote: string;
}

// A4 in points, framed 28 points in; the table's label column and row height.
const PAGE = { width: 595.28, height: 841.89 };
const FRAME = 28;
const LEFT = 64;
const WIDTH = PAGE.width - 2 * LEFT;
const LABEL = 120;
const ROW = 34;
const INK = '#222222';
const RULE = '#999999';
const SEAL = '#c62828';

/** FIRST-01: one certificate page as a PDF; resolves with its bytes. */
export async function renderCertificatePdf(page: CertificatePage): Promise<Buffer> {
  const { doc, bytes } = await cjkPdf({ size: 'A4', margin: FRAME, info: { Title: page.title } });
  doc.fillColor(INK);

  doc
    .rect(FRAME, FRAME, PAGE.width - 2 * FRAME, PAGE.height - 2 * FRAME)
    .lineWidth(1.5)
    .strokeColor('#333333')
    .stroke();
  doc.fontSize(26).text(page.title, LEFT, 84, { width: WIDTH, align: 'center', characterSpacing: 4 });
  if (page.subtitle !== undefined) {
    doc.fontSize(11).fillColor('#555555').text(page.subtitle, LEFT, 124, { width: WIDTH, align: 'center' });
    doc.fillColor(INK);
  }

  let y = 168;
  doc.lineWidth(0.6).strokeColor(RULE);
  for (const [label, value] of page.facts) {
    doc.fontSize(11);
    const height = Math.max(ROW, doc.heightOfString(value, { width: WIDTH - LABEL - 20 }) + 18);
    doc.rect(LEFT, y, WIDTH, height).stroke();
    doc
      .moveTo(LEFT + LABEL, y)
      .lineTo(LEFT + LABEL, y + height)
      .stroke();
    doc.fillColor('#444444').text(label, LEFT + 10, y + 10, { width: LABEL - 20 });
    doc.fillColor(INK).text(value, LEFT + LABEL + 10, y + 10, { width: WIDTH - LABEL - 20 });
    y += height;
  }
  if (page.statement !== undefined) {
    doc.fontSize(13).text(page.statement, LEFT, y + 24, { width: WIDTH });
  }

  // The issuer at the bottom right and a round seal over it.
  const sealX = PAGE.width - LEFT - 70;
  const sealY = PAGE.height - 210;
  doc
    .fontSize(12)
    .fillColor(INK)
    .text(page.issuer, LEFT, sealY + 10, { width: WIDTH, align: 'right' });
  doc.save().opacity(0.85).circle(sealX, sealY, 50).lineWidth(3).strokeColor(SEAL).stroke();
  doc
    .fontSize(11)
    .fillColor(SEAL)
    .text('★', sealX - 6, sealY - 30, { width: 12, align: 'center' })
    .text(page.seal, sealX - 45, sealY - 6, { width: 90, align: 'center' });
  doc.restore();

  doc
    .fontSize(8.5)
    .fillColor('#666666')
    .text(page.footnote, LEFT, PAGE.height - FRAME - 48, { width: WIDTH, align: 'center' });

  return bytes();
}
