/**
 * ORDER-17: the monthly statement (对账单) as a PDF, drawn with pdfkit in the invoice's Noto Sans SC (INVOICE-04),
 * of which only the glyphs used are embedded.
 */
import { cjkPdf } from '../invoices/pdf';
import type { Cell, Table } from './sheets';
import { formatFen } from '@pharma/domain/money';

// A4 in points (portrait; landscape swaps them); the table spans the page between the margins.
const A4 = { width: 595.28, height: 841.89 };
const LEFT = 36;
const INK = '#222222';
const RULE = '#888888';
const PAD = 4;
const ROW = 18;

/**
 * The statement's one table drawn on as many pages as it needs, its heading repeated; resolves with the bytes. The
 * delivery note (BATCH-08) draws its wider table on landscape pages.
 */
export async function renderStatementPdf(
  table: Table,
  footer: string,
  orientation: 'portrait' | 'landscape' = 'portrait',
): Promise<Buffer> {
  const PAGE = orientation === 'portrait' ? A4 : { width: A4.height, height: A4.width };
  const WIDTH = PAGE.width - 2 * LEFT;
  const { doc, bytes } = await cjkPdf({
    size: 'A4',
    layout: orientation,
    margin: LEFT,
    info: { Title: table.title?.[0] ?? table.name },
  });
  doc.fillColor(INK);

  const widths = table.columns.map((c) => c.width ?? 12);
  const scale = WIDTH / widths.reduce((sum, w) => sum + w, 0);
  const text = (cell: Cell, money: boolean) => (typeof cell === 'number' && money ? formatFen(cell) : String(cell));

  let y = LEFT;
  const row = (cells: readonly Cell[], bold: boolean) => {
    let x = LEFT;
    doc.fontSize(bold ? 9.5 : 9);
    cells.forEach((cell, i) => {
      const column = table.columns[i];
      const w = (widths[i] ?? 0) * scale;
      const money = column?.money === true;
      doc.text(text(cell, money), x + PAD, y + 5, {
        width: w - 2 * PAD,
        align: money ? 'right' : 'left',
        lineBreak: false,
      });
      x += w;
    });
    doc
      .moveTo(LEFT, y + ROW)
      .lineTo(LEFT + WIDTH, y + ROW)
      .lineWidth(bold ? 0.8 : 0.3)
      .strokeColor(RULE)
      .stroke();
    y += ROW;
  };
  const head = () => {
    doc.fontSize(16).text(table.title?.[0] ?? table.name, LEFT, y, { width: WIDTH, align: 'center' });
    y += 28;
    doc.fontSize(9);
    for (const line of table.title?.slice(1) ?? []) {
      doc.text(line, LEFT, y, { width: WIDTH });
      y += 14;
    }
    y += 6;
    row(
      table.columns.map((c) => c.head),
      true,
    );
  };

  head();
  const bottom = PAGE.height - LEFT - 2 * ROW;
  for (const cells of table.rows) {
    if (y + ROW > bottom) {
      doc.addPage();
      y = LEFT;
      head();
    }
    row(cells, false);
  }
  if (table.total !== undefined) row(table.total, true);
  doc.fontSize(8).text(footer, LEFT, y + 10, { width: WIDTH });

  return bytes();
}
