import { formatGrams, formatUnits, toUnits, type GesGroupDetail, type GesPassbookLine } from '@qmgt/contracts';
import { drawBoxes, drawFootnote, drawHeader, drawTable, newPdf, type PdfColumn } from '../../lib/pdf.js';

/* The GDS passbook as a PDF: the same lines as GET /ges/groups/{id}, formatted as the screen formats them. */

const grams = (value: string) => formatGrams(toUnits(value, 'GOLD'));
const usdt = (value: string) => formatUnits(toUnits(value, 'USDT'), 'USDT');

const COLUMNS: PdfColumn<GesPassbookLine>[] = [
  { title: '#', width: 24, align: 'left', value: (l) => String(l.seq) },
  { title: 'Due', width: 62, align: 'left', value: (l) => l.dueOn },
  { title: 'Paid', width: 62, align: 'left', value: (l) => (l.paidAt ? l.paidAt.slice(0, 10) : 'missed') },
  { title: 'Code', width: 90, align: 'left', value: (l) => l.transactionCode ?? '' },
  { title: 'USDT', width: 62, align: 'right', value: (l) => (l.amountUsdt ? usdt(l.amountUsdt) : '') },
  { title: 'Price / g', width: 62, align: 'right', value: (l) => (l.price ? usdt(l.price) : '') },
  { title: 'Grams', width: 62, align: 'right', value: (l) => (l.grams ? `+${grams(l.grams)}` : '') },
  { title: 'Running', width: 90, align: 'right', value: (l) => grams(l.runningGrams) },
];

/** Renders a member's passbook; resolves with the PDF's bytes. */
export function passbookPdf(detail: GesGroupDetail, holder: { username: string; email: string }): Promise<Buffer> {
  const { group, membership } = detail;
  if (!membership) throw new Error('a passbook needs a membership');
  const { doc, done, width } = newPdf(`GDS passbook: ${group.name}`);
  const headerEnd = drawHeader(doc, `GDS Passbook: ${group.name}`, [
    `${holder.username} <${holder.email}>`,
    `${usdt(group.instalmentUsdt)} USDT a month for ${group.termMonths} months, ${group.startDate} to ${group.maturityDate}`,
    `Agreement version ${membership.documentVersion} accepted ${membership.joinedAt.slice(0, 10)}, SHA-256 ${membership.documentSha256}`,
    `Made ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`,
  ]);
  const y = drawBoxes(
    doc,
    [
      ['Status', membership.status],
      ['Paid / missed', `${membership.paidCount} / ${membership.missedCount}`],
      ['Grams', grams(membership.passbook.at(-1)?.runningGrams ?? '0')],
      [
        membership.status === 'active' ? 'Projected' : 'Bonus',
        grams(membership.status === 'active' ? membership.projectedGrams : (membership.bonusGrams ?? '0')),
      ],
    ],
    Math.max(headerEnd, 130),
    width,
  );
  const end = drawTable(doc, COLUMNS, membership.passbook, y, { width, empty: 'No instalments yet.' });
  drawFootnote(
    doc,
    "Each instalment buys grams at that day's price (spot + 3%). Three missed instalments end a membership; at maturity the grams and the bonus go to your gold savings account. Figures are from the platform ledger.",
    end,
    width,
  );
  doc.end();
  return done;
}
