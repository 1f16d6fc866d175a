import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { drawTable, plainTextWidth, type PdfColumn } from './pdf.js';

/** Draws a table into an uncompressed document and returns its content streams as text. */
async function tableContent(rows: string[][]): Promise<string> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, compress: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const columns: PdfColumn<string[]>[] = [
    { title: 'Left', width: 100, align: 'left', value: (r) => r[0]! },
    { title: 'Right', width: 80, align: 'right', value: (r) => r[1]! },
  ];
  drawTable(doc, columns, rows, 100, { width: 180, empty: 'Nothing.' });
  doc.end();
  return (await done).toString('latin1');
}

const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');
const cellMoves = (content: string) =>
  [...content.matchAll(/1 0 0 1 ([\d.]+) ([\d.]+) Tm <([0-9a-f]+)> Tj/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    text: Buffer.from(m[3]!, 'hex').toString('latin1'),
  }));

describe('drawTable', () => {
  it('writes each printable cell at its column: left cells at the edge, right cells ending 4 pt before the next', async () => {
    const content = await tableContent([
      ['2026-11-28', '+0.1000 g'],
      ['Purchase', '1,113.42'],
    ]);
    const cells = cellMoves(content);
    expect(cells.map((c) => c.text)).toEqual(['2026-11-28', '+0.1000 g', 'Purchase', '1,113.42']);
    // Left-aligned at the table's left margin; right-aligned so that the text ends at 40 + 100 + 76.
    expect(cells[0]!.x).toBe(40);
    const doc = new PDFDocument({ size: 'A4' });
    const font = (doc as unknown as { _font: Parameters<typeof plainTextWidth>[0] })._font;
    expect(cells[1]!.x + plainTextWidth(font, '+0.1000 g', 8)).toBeCloseTo(216, 2);
    // One row's cells share a baseline; the next row is 14 pt lower (y grows upwards in PDF space).
    expect(cells[1]!.y).toBe(cells[0]!.y);
    expect(cells[0]!.y - cells[2]!.y).toBeCloseTo(14, 3);
  });

  it('measures text with the font’s own advance widths', () => {
    const doc = new PDFDocument({ size: 'A4' });
    const font = (doc as unknown as { _font: Parameters<typeof plainTextWidth>[0] })._font;
    // Helvetica's digits are 556 thousandths wide, a full stop 278: at 10 pt, "1.5" is 13.9 pt.
    expect(plainTextWidth(font, '1.5', 10)).toBeCloseTo(13.9, 5);
    expect(plainTextWidth(font, '1.5', 10)).toBeCloseTo(doc.fontSize(10).widthOfString('1.5'), 5);
  });

  it('leaves a cell that is not printable ASCII to pdfkit, which encodes it', async () => {
    const content = await tableContent([['Überweisung', '1.00']]);
    expect(cellMoves(content).map((c) => c.text)).toEqual(['1.00']);
    // pdfkit's own text operator: WinAnsi Ü is 0xdc.
    expect(content).toMatch(/\[<dc[0-9a-f]*> ?[^\]]*\] TJ/);
    expect(content).not.toContain(`<${hex('Überweisung')}> Tj`);
  });

  it('repeats the header on a new page when the rows run past the bottom margin', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => [`row ${i}`, String(i)]);
    const content = await tableContent(rows);
    expect(cellMoves(content)).toHaveLength(160);
    expect(content.match(/\/Type \/Page\b/g)).toHaveLength(2);
  });
});
