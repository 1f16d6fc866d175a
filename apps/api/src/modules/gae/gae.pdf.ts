import { formatGrams, formatUnits, toUnits, type GaeStatement } from '@qmgt/contracts';
import { PDF_COLORS, drawBoxes, drawFootnote, drawHeader, drawTable, newPdf, type PdfColumn } from '../../lib/pdf.js';

/*
 * The GAE statement as a PDF, drawn with pdfkit's built-in Helvetica (no font files to ship):
 * the same figures as GET /gae/statement, formatted as the screens format them.
 */

const { gold: GOLD, muted: MUTED, rule: RULE } = PDF_COLORS;

const grams = (value: string) => formatGrams(toUnits(value, 'GOLD'));
const signedGrams = (value: string) => (value.startsWith('-') ? `-${grams(value.slice(1))}` : `+${grams(value)}`);
const usdt = (value: string | null) => (value === null ? '' : `${formatUnits(toUnits(value, 'USDT'), 'USDT')} USDT`);
const day = (iso: string) => iso.slice(0, 10);

const COLUMNS: PdfColumn<GaeStatement['rows'][number]>[] = [
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
  const { doc, done, left, width } = newPdf(`GAE account statement ${statement.from} to ${statement.to}`);
  const headerEnd = drawHeader(doc, 'GAE Account Statement', [
    `${holder.username} <${holder.email}>`,
    // The period only: a plan's internal id means nothing to its holder (issue 23, problem 10).
    `Period ${statement.from} to ${statement.to}`,
    ...(statement.nextCursor
      ? [`The latest ${statement.rows.length} movements of the period: the opening is the balance before the first.`]
      : []),
    `Made ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`,
  ]);
  let y = drawBoxes(
    doc,
    [
      ['Opening', grams(statement.openingGrams)],
      ['Closing', grams(statement.closingGrams)],
      ['Spot per gram', usdt(statement.spot)],
      ['Valuation today', usdt(statement.valuationUsdt)],
    ],
    Math.max(headerEnd, 130),
    width,
  );
  y = drawChart(doc, statement, left, y, width) + 16;
  y = drawTable(doc, COLUMNS, statement.rows, y, { width, empty: 'No movements in this period.' });
  drawFootnote(
    doc,
    'Grams are held in your GAE plan and valued at the spot price shown. Figures are from the platform ledger.',
    y,
    width,
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
  ].map((p) => ({ ...p, grams: toUnits(p.label, 'GOLD') }));
  const start = Date.parse(`${statement.from}T00:00:00Z`);
  const span = Math.max(Date.parse(`${statement.to}T00:00:00Z`) - start, 86_400_000);
  const highest = points.reduce((a, b) => (b.grams > a.grams ? b : a));
  // Amounts stay bigint: only a point's height, a share of the chart in ten-thousandths, is a number.
  const oneGram = toUnits('1', 'GOLD');
  const max = highest.grams > oneGram ? highest.grams : oneGram;
  const xOf = (date: string) => left + ((Date.parse(`${date}T00:00:00Z`) - start) / span) * width;
  const yOf = (g: bigint) => chartTop + height - 8 - (Number((g * 10_000n) / max) / 10_000) * (height - 16);
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
