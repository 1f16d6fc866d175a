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
  doc.fontSize(8).fillColor(PDF_COLORS.ink);
  for (const row of rows) {
    if (y > doc.page.height - doc.page.margins.bottom - 30) {
      doc.addPage();
      y = header(doc.page.margins.top);
      doc.fontSize(8).fillColor(PDF_COLORS.ink);
    }
    let x = left;
    const cells: TableCell[] = [];
    for (const column of columns) {
      const text = column.value(row);
      const cell = { text, x, width: column.width - 4, align: column.align };
      if (isPlainAscii(text)) cells.push(cell);
      else doc.text(text, x, y, { width: cell.width, align: cell.align, lineBreak: false });
      x += column.width;
    }
    writeCells(doc, cells, y);
    y += 14;
  }
  return y;
}

interface TableCell {
  text: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

/*
 * A table row's cells as one text object. pdfkit's doc.text() lays out every call in general
 * (options, line wrapping, kerning pairs looked up by string, eight content writes each), which
 * made a 200-row statement cost ~16 ms of the request's CPU. A table cell is one line of
 * printable ASCII in one font, so it is written here directly: widths from the font's own
 * metrics without kerning (figures line up the same way), the text as WinAnsi hex, and the
 * row's cells in one write. Anything else (a non-ASCII cell) goes through doc.text().
 */

/** The subset of pdfkit's standard-font object this writer reads (not in @types/pdfkit). */
interface StandardFont {
  id: string;
  name: string;
  ascender: number;
  ref(): unknown;
  font: { characterToGlyph(code: number): string; widthOfGlyph(glyph: string): number };
}

const FIRST_PRINTABLE = 0x20;
const LAST_PRINTABLE = 0x7e;
const isPlainAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/** Advance widths (thousandths of the font size) of the printable ASCII characters, per font. */
const asciiWidths = new Map<string, Float64Array>();
function widthsOf(font: StandardFont): Float64Array {
  let widths = asciiWidths.get(font.name);
  if (!widths) {
    widths = new Float64Array(LAST_PRINTABLE + 1);
    for (let code = FIRST_PRINTABLE; code <= LAST_PRINTABLE; code++) {
      widths[code] = font.font.widthOfGlyph(font.font.characterToGlyph(code));
    }
    asciiWidths.set(font.name, widths);
  }
  return widths;
}

/** The width of printable ASCII text at `size`, without kerning. */
export function plainTextWidth(font: StandardFont, text: string, size: number): number {
  const widths = widthsOf(font);
  let total = 0;
  for (let i = 0; i < text.length; i++) total += widths[text.charCodeAt(i)]!;
  return (total * size) / 1000;
}

const pdfNumber = (n: number) => String(Math.round(n * 1000) / 1000);

/** Writes printable-ASCII cells whose tops are at `y`, in the document's current font, size and fill colour. */
function writeCells(doc: PDFKit.PDFDocument, cells: readonly TableCell[], y: number): void {
  if (cells.length === 0) return;
  const internals = doc as unknown as { _font: StandardFont; _fontSize: number };
  const font = internals._font;
  const size = internals._fontSize;
  const page = doc.page;
  page.fonts[font.id] ??= font.ref();
  // pdfkit draws in a y-down space (its page starts with a flip); text is set in PDF's own y-up
  // space, the baseline an ascender below the cell's top, as doc.text() does.
  const baseline = page.height - y - (font.ascender / 1000) * size;
  const ops = [`q 1 0 0 -1 0 ${pdfNumber(page.height)} cm BT /${font.id} ${pdfNumber(size)} Tf`];
  for (const cell of cells) {
    const text = cell.text.trimEnd();
    if (text.length === 0) continue;
    const x = cell.align === 'right' ? cell.x + cell.width - plainTextWidth(font, text, size) : cell.x;
    let hex = '';
    for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16);
    ops.push(`1 0 0 1 ${pdfNumber(x)} ${pdfNumber(baseline)} Tm <${hex}> Tj`);
  }
  ops.push('ET Q');
  doc.addContent(ops.join('\n'));
}

/** A closing note under the table, kept on the page. */
export function drawFootnote(doc: PDFKit.PDFDocument, text: string, y: number, width: number): void {
  doc
    .fontSize(8)
    .fillColor(PDF_COLORS.muted)
    .text(text, doc.page.margins.left, Math.min(y + 12, doc.page.height - doc.page.margins.bottom - 20), { width });
}
