import PDFDocument from 'pdfkit';

/*
 * The pieces the platform's PDFs share (statements, passbooks), drawn with pdfkit's built-in
 * Helvetica (no font files to ship): a header, summary boxes and a paged table.
 */

export const PDF_COLORS = { gold: '#b8860b', ink: '#1a1b1e', muted: '#5c5f66', rule: '#dee2e6' } as const;

export interface PdfColumn<Row> {
  title: string;
  width: number;
  align: 'left' | 'right';
  value: (row: Row) => string;
}

/** A new A4 document and the promise of its bytes once `doc.end()` is called. */
export function newPdf(title: string) {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: title, Author: 'QMGT' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  return { doc, done, left, width: doc.page.width - left - doc.page.margins.right };
}

/** The brand, the document's name and its small print lines; returns the y below them. */
export function drawHeader(doc: PDFKit.PDFDocument, heading: string, lines: string[]): number {
  const left = doc.page.margins.left;
  doc.fillColor(PDF_COLORS.gold).font('Helvetica-Bold').fontSize(20).text('QMGT', left, 40);
  doc.fillColor(PDF_COLORS.ink).fontSize(14).text(heading, left, 66);
  doc.font('Helvetica').fontSize(9).fillColor(PDF_COLORS.muted);
  doc.text(lines[0] ?? '', left, 86);
  for (const line of lines.slice(1)) doc.text(line);
  return doc.y + 12;
}

/** Labelled figures in a row of boxes; returns the y below them. */
export function drawBoxes(doc: PDFKit.PDFDocument, boxes: [string, string][], top: number, width: number): number {
  const left = doc.page.margins.left;
  const boxWidth = (width - (boxes.length - 1) * 8) / boxes.length;
  boxes.forEach(([label, value], i) => {
    const x = left + i * (boxWidth + 8);
    doc.roundedRect(x, top, boxWidth, 44, 4).strokeColor(PDF_COLORS.rule).stroke();
    doc
      .fillColor(PDF_COLORS.muted)
      .fontSize(8)
      .text(label, x + 8, top + 8, { width: boxWidth - 16 });
    doc
      .fillColor(PDF_COLORS.ink)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(value, x + 8, top + 22, { width: boxWidth - 16 });
    doc.font('Helvetica');
  });
  return top + 60;
}

/** A table that continues on new pages with its header repeated; returns the y below it. */
export function drawTable<Row>(
  doc: PDFKit.PDFDocument,
  columns: readonly PdfColumn<Row>[],
  rows: readonly Row[],
  top: number,
  options: { width: number; empty: string },
): number {
  const left = doc.page.margins.left;
  const header = (y: number) => {
    let x = left;
    doc.font('Helvetica-Bold').fontSize(8).fillColor(PDF_COLORS.muted);
    for (const column of columns) {
      doc.text(column.title, x, y, { width: column.width - 4, align: column.align });
      x += column.width;
    }
    doc
      .moveTo(left, y + 12)
      .lineTo(left + options.width, y + 12)
      .strokeColor(PDF_COLORS.rule)
      .stroke();
    doc.font('Helvetica').fillColor(PDF_COLORS.ink);
    return y + 18;
  };
  let y = header(top);
  if (rows.length === 0) {
    doc.fontSize(9).fillColor(PDF_COLORS.muted).text(options.empty, left, y);
    y += 16;
  }
  for (const row of rows) {
    if (y > doc.page.height - doc.page.margins.bottom - 30) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    let x = left;
    doc.fontSize(8).fillColor(PDF_COLORS.ink);
    for (const column of columns) {
      doc.text(column.value(row), x, y, { width: column.width - 4, align: column.align, lineBreak: false });
      x += column.width;
    }
    y += 14;
  }
  return y;
}

/** A closing note under the table, kept on the page. */
export function drawFootnote(doc: PDFKit.PDFDocument, text: string, y: number, width: number): void {
  doc
    .fontSize(8)
    .fillColor(PDF_COLORS.muted)
    .text(text, doc.page.margins.left, Math.min(y + 12, doc.page.height - doc.page.margins.bottom - 20), { width });
}
