import PDFDocument from 'pdfkit';
import { formatUnits, toUnits, type GaeStatement } from '@qmgt/contracts';

/*
 * The GAE statement as a PDF, drawn with pdfkit's built-in Helvetica (no font files to ship):
 * the same figures as GET /gae/statement, formatted as the screens format them.
 */

const GOLD = '#b8860b';
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const RULE = '#dee2e6';

const grams = (value: string) => `${formatUnits(toUnits(value, 'GOLD'), 'GOLD')} g`;
const signedGrams = (value: string) => (value.startsWith('-') ? `-${grams(value.slice(1))}` : `+${grams(value)}`);
const usdt = (value: string | null) => (value === null ? '' : `${formatUnits(toUnits(value, 'USDT'), 'USDT')} USDT`);
const day = (iso: string) => iso.slice(0, 10);

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  value: (row: GaeStatement['rows'][number]) => string;
}

const COLUMNS: Column[] = [
  { title: 'Date', width: 62, align: 'left', value: (r) => day(r.date) },
  { title: 'Type', width: 96, align: 'left', value: (r) => r.type },
  { title: 'Code', width: 86, align: 'left', value: (r) => r.code },
  { title: 'Grams', width: 70, align: 'right', value: (r) => signedGrams(r.grams) },
  {
    title: 'Price / g',
    width: 62,
    align: 'right',
    value: (r) => (r.price ? formatUnits(toUnits(r.price, 'USDT'), 'USDT') : ''),
  },
  { title: 'USDT', width: 70, align: 'right', value: (r) => usdt(r.amountUsdt).replace(' USDT', '') },
  { title: 'Balance', width: 70, align: 'right', value: (r) => grams(r.balanceGrams) },
];

/** Renders the statement; resolves with the PDF's bytes. */
export function statementPdf(statement: GaeStatement, holder: { username: string; email: string }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `GAE account statement ${statement.from} to ${statement.to}`, Author: 'QMGT' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.fillColor(GOLD).font('Helvetica-Bold').fontSize(20).text('QMGT', left, 40);
  doc.fillColor(INK).fontSize(14).text('GAE Account Statement', left, 66);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${holder.username} <${holder.email}>`, left, 86)
    .text(`Period ${statement.from} to ${statement.to}${statement.planId ? ` · plan ${statement.planId}` : ''}`)
    .text(`Made ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`);

  // Summary boxes.
  const boxes: [string, string][] = [
    ['Opening', grams(statement.openingGrams)],
    ['Closing', grams(statement.closingGrams)],
    ['Spot per gram', usdt(statement.spot)],
    ['Valuation today', usdt(statement.valuationUsdt)],
  ];
  const boxWidth = (width - 3 * 8) / 4;
  const boxTop = 130;
  boxes.forEach(([label, value], i) => {
    const x = left + i * (boxWidth + 8);
    doc.roundedRect(x, boxTop, boxWidth, 44, 4).strokeColor(RULE).stroke();
    doc
      .fillColor(MUTED)
      .fontSize(8)
      .text(label, x + 8, boxTop + 8, { width: boxWidth - 16 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(value, x + 8, boxTop + 22, { width: boxWidth - 16 });
    doc.font('Helvetica');
  });

  let y = boxTop + 60;
  y = drawChart(doc, statement, left, y, width) + 16;

  const header = (top: number) => {
    let x = left;
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
    for (const column of COLUMNS) {
      doc.text(column.title, x, top, { width: column.width - 4, align: column.align });
      x += column.width;
    }
    doc
      .moveTo(left, top + 12)
      .lineTo(left + width, top + 12)
      .strokeColor(RULE)
      .stroke();
    doc.font('Helvetica').fillColor(INK);
    return top + 18;
  };

  y = header(y);
  if (statement.rows.length === 0) {
    doc.fontSize(9).fillColor(MUTED).text('No movements in this period.', left, y);
    y += 16;
  }
  for (const row of statement.rows) {
    if (y > doc.page.height - doc.page.margins.bottom - 30) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    let x = left;
    doc.fontSize(8).fillColor(INK);
    for (const column of COLUMNS) {
      doc.text(column.value(row), x, y, { width: column.width - 4, align: column.align, lineBreak: false });
      x += column.width;
    }
    y += 14;
  }
  doc
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'Grams are held in your GAE plan and valued at the spot price shown. Figures are from the platform ledger.',
      left,
      Math.min(y + 12, doc.page.height - doc.page.margins.bottom - 20),
      { width },
    );
  doc.end();
  return done;
}

/** Grams over time as a small step chart; returns the y below it. */
function drawChart(doc: PDFKit.PDFDocument, statement: GaeStatement, left: number, top: number, width: number): number {
  const height = 110;
  doc.fontSize(9).fillColor(MUTED).text('Grams over time', left, top);
  const chartTop = top + 14;
  doc.rect(left, chartTop, width, height).strokeColor(RULE).stroke();
  const points = [
    { date: statement.from, label: statement.openingGrams },
    ...statement.series.map((s) => ({ date: s.date, label: s.grams })),
    { date: statement.to, label: statement.closingGrams },
  ].map((p) => ({ ...p, grams: Number(p.label) }));
  // Chart geometry only: the figures printed anywhere come from the decimal strings.
  const start = Date.parse(`${statement.from}T00:00:00Z`);
  const span = Math.max(Date.parse(`${statement.to}T00:00:00Z`) - start, 86_400_000);
  const highest = points.reduce((a, b) => (b.grams > a.grams ? b : a));
  const max = Math.max(highest.grams, 1);
  const xOf = (date: string) => left + ((Date.parse(`${date}T00:00:00Z`) - start) / span) * width;
  const yOf = (g: number) => chartTop + height - 8 - (g / max) * (height - 16);
  doc.moveTo(xOf(points[0]!.date), yOf(points[0]!.grams));
  let previous = points[0]!;
  for (const point of points.slice(1)) {
    doc.lineTo(xOf(point.date), yOf(previous.grams)).lineTo(xOf(point.date), yOf(point.grams));
    previous = point;
  }
  doc.strokeColor(GOLD).lineWidth(1.5).stroke().lineWidth(1);
  doc
    .fontSize(7)
    .fillColor(MUTED)
    .text(grams(highest.label), left + 4, chartTop + 2)
    .text(statement.from, left + 4, chartTop + height + 2)
    .text(statement.to, left + width - 60, chartTop + height + 2, { width: 56, align: 'right' });
  return chartTop + height + 12;
}
