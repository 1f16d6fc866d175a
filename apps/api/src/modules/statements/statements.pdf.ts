import PDFDocument from 'pdfkit';
import {
  formatGrams,
  formatUnits,
  holdingLabel,
  STATEMENT_GAIN_ASSETS,
  toUnits,
  type Asset,
  type StatementMovement,
} from '@qmgt/contracts';
import { PDF_COLORS, drawBoxes, drawHeader, drawTable, type PdfColumn } from '../../lib/pdf.js';
import { COST_METHOD } from './statements.rules.js';
import type { FoldedMovement, StatementSummary } from './statements.service.js';

/*
 * The annual statement as a PDF (pdfkit's built-in Helvetica, as the other statements): the
 * summary first (holdings, realised gains, fees, how gains are worked out), then every movement
 * of the year. The movements are drawn as the walk reads them and the document streams out as
 * its pages fill: a long history never sits in memory whole. Figures are rounded down for
 * display as on every screen; the CSV holds them exactly.
 */

const { muted: MUTED, ink: INK, rule: RULE } = PDF_COLORS;

const amount = (value: bigint | string, asset: Asset) => {
  const units = typeof value === 'string' ? toUnits(value.replace(/^-/, ''), asset) : value < 0n ? -value : value;
  const negative = typeof value === 'string' ? value.startsWith('-') : value < 0n;
  const text = asset === 'GOLD' ? formatGrams(units) : `${formatUnits(units, asset)} ${asset}`;
  return negative ? `-${text}` : text;
};
const signed = (value: string, asset: Asset) =>
  value.startsWith('-') ? amount(value, asset) : `+${amount(value, asset)}`;
const usdt = (value: bigint) => (value < 0n ? `-${formatUnits(-value, 'USDT')}` : formatUnits(value, 'USDT'));

const MOVEMENT_COLUMNS: PdfColumn<StatementMovement>[] = [
  { title: 'Date (UTC)', width: 56, align: 'left', value: (m) => m.at.slice(0, 10) },
  { title: 'Code', width: 74, align: 'left', value: (m) => m.code ?? '' },
  { title: 'Movement', width: 140, align: 'left', value: (m) => m.description },
  {
    title: 'Change in holdings',
    width: 135,
    align: 'right',
    value: (m) =>
      m.changes.length === 0 ? 'within your accounts' : m.changes.map((c) => signed(c.amount, c.asset)).join(', '),
  },
  { title: 'Fee', width: 56, align: 'right', value: (m) => (m.fee ? amount(m.fee.amount, m.fee.asset) : '') },
  {
    title: 'Gain USDT',
    width: 54,
    align: 'right',
    value: (m) => (m.realisedGainUsdt === null ? '' : usdt(toUnitsSigned(m.realisedGainUsdt))),
  },
];

function toUnitsSigned(value: string): bigint {
  return value.startsWith('-') ? -toUnits(value.slice(1), 'USDT') : toUnits(value, 'USDT');
}

/** A table whose rows arrive one at a time, continued on new pages with its header repeated. */
function streamedTable<Row>(doc: PDFKit.PDFDocument, columns: readonly PdfColumn<Row>[], top: number, width: number) {
  const left = doc.page.margins.left;
  const header = (y: number) => {
    let x = left;
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
    for (const column of columns) {
      doc.text(column.title, x, y, { width: column.width - 4, align: column.align });
      x += column.width;
    }
    doc
      .moveTo(left, y + 12)
      .lineTo(left + width, y + 12)
      .strokeColor(RULE)
      .stroke();
    doc.font('Helvetica').fillColor(INK);
    return y + 18;
  };
  let y = header(top);
  return {
    row(row: Row) {
      if (y > doc.page.height - doc.page.margins.bottom - 30) {
        doc.addPage();
        y = header(doc.page.margins.top);
      }
      let x = left;
      doc.fontSize(7.5).fillColor(INK);
      for (const column of columns) {
        doc.text(column.value(row), x, y, {
          width: column.width - 4,
          align: column.align,
          lineBreak: false,
          ellipsis: true,
          height: 10,
        });
        x += column.width;
      }
      y += 13;
    },
    get y() {
      return y;
    },
  };
}

function heading(doc: PDFKit.PDFDocument, text: string, y: number): number {
  if (y > doc.page.height - doc.page.margins.bottom - 80) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(text, doc.page.margins.left, y);
  doc.font('Helvetica');
  return y + 18;
}

/**
 * Starts the document and draws the summary; `write` then draws the movements as they come and
 * ends it. The document is a readable stream of the PDF's bytes.
 */
export function annualStatementPdf(summary: StatementSummary, holder: { username: string; email: string }) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `Annual statement ${summary.year}`, Author: 'QMGT' },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const total = STATEMENT_GAIN_ASSETS.reduce((sum, asset) => sum + summary.gains[asset].gain, 0n);
  const headerEnd = drawHeader(doc, `Annual Statement ${summary.year}`, [
    `${holder.username} <${holder.email}>`,
    `Period ${summary.from} to ${summary.to} (UTC) · ${summary.count} movement${summary.count === 1 ? '' : 's'}`,
    `Made ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`,
  ]);
  let y = drawBoxes(
    doc,
    [
      ['Realised gain or loss', `${usdt(total)} USDT`],
      ['On grams', `${usdt(summary.gains.GOLD.gain)} USDT`],
      ['On QMGT', `${usdt(summary.gains.QMGT.gain)} USDT`],
      ['Movements', String(summary.count)],
    ],
    Math.max(headerEnd, 130),
    width,
  );

  y = heading(doc, 'Holdings', y);
  y = drawTable(
    doc,
    [
      { title: 'Holding', width: 255, align: 'left', value: (h) => holdingLabel(h.asset, h.place) },
      { title: `Opening ${summary.from}`, width: 130, align: 'right', value: (h) => amount(h.opening, h.asset) },
      { title: `Closing ${summary.to}`, width: 130, align: 'right', value: (h) => amount(h.closing, h.asset) },
    ],
    summary.holdings,
    y,
    { width, empty: 'Nothing held at the opening or the closing of the year.' },
  );

  y = heading(doc, 'Realised gains and losses (average cost)', y + 12);
  y = drawTable(
    doc,
    [
      { title: 'Asset', width: 55, align: 'left', value: (asset) => asset },
      { title: 'Sold or redeemed', width: 85, align: 'right', value: (a) => amount(summary.gains[a].disposed, a) },
      { title: 'Proceeds USDT', width: 75, align: 'right', value: (a) => usdt(summary.gains[a].proceeds) },
      { title: 'Cost USDT', width: 75, align: 'right', value: (a) => usdt(summary.gains[a].cost) },
      { title: 'Gain USDT', width: 70, align: 'right', value: (a) => usdt(summary.gains[a].gain) },
      { title: 'Held at close', width: 80, align: 'right', value: (a) => amount(summary.pools[a].units, a) },
      { title: 'Its cost USDT', width: 75, align: 'right', value: (a) => usdt(summary.pools[a].cost) },
    ],
    STATEMENT_GAIN_ASSETS,
    y,
    { width, empty: '' },
  );

  y = heading(doc, 'Fees paid', y + 12);
  doc.fontSize(9).fillColor(INK);
  doc.text(
    summary.fees.size === 0
      ? 'No fees in this year.'
      : [...summary.fees].map(([asset, fee]) => amount(fee, asset)).join('    '),
    left,
    y,
    { width },
  );
  y = doc.y + 2;

  y = heading(doc, 'How gains are worked out', y + 12);
  doc.fontSize(8).fillColor(MUTED);
  for (const note of COST_METHOD) {
    doc.text(note, left, y, { width });
    y = doc.y + 4;
  }

  y = heading(doc, `Movements in ${summary.year}`, y + 10);
  const table = streamedTable(doc, MOVEMENT_COLUMNS, y, width);
  let rows = 0;
  return {
    doc,
    row(folded: FoldedMovement) {
      rows += 1;
      table.row(folded.movement);
    },
    end() {
      if (rows === 0) doc.fontSize(9).fillColor(MUTED).text(`No activity in ${summary.year}.`, left, table.y);
      doc
        .fontSize(7)
        .fillColor(MUTED)
        .text(
          'Figures are from the platform ledger, rounded down for display; the CSV statement holds them exactly.',
          left,
          Math.min(table.y + 14, doc.page.height - doc.page.margins.bottom - 20),
          { width },
        );
      doc.end();
    },
  };
}
