import { ASSETS, fromUnits, holdingLabel, STATEMENT_GAIN_ASSETS } from '@qmgt/contracts';
import { COST_METHOD } from './statements.rules.js';
import type { FoldedMovement, StatementSummary } from './statements.service.js';

/*
 * The annual statement as CSV (RFC 4180): one table a spreadsheet opens as it is. Every row
 * has the same columns; `record` says what a row is (an opening or closing holding, a fee
 * total, a realised gain, a movement, a note on the method). Amounts are exact decimals in
 * the asset's own units (a spreadsheet rounds for display, never the file); dates are UTC.
 */

export const CSV_COLUMNS = [
  'record',
  'date',
  'code',
  'type',
  'description',
  'status',
  ...ASSETS,
  'fee',
  'fee_asset',
  'proceeds_usdt',
  'cost_usdt',
  'realised_gain_usdt',
] as const;
type Column = (typeof CSV_COLUMNS)[number];

/** A field quoted when it holds a separator, a quote or a line break (quotes doubled). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const line = (fields: Partial<Record<Column, string>>) =>
  `${CSV_COLUMNS.map((column) => csvField(fields[column] ?? '')).join(',')}\r\n`;

/** The header and the summary's rows: known before the first movement is read. */
export function csvHead(summary: StatementSummary): string {
  let text = CSV_COLUMNS.join(',') + '\r\n';
  for (const holding of summary.holdings) {
    const description = holdingLabel(holding.asset, holding.place);
    text += line({
      record: 'opening',
      date: summary.from,
      type: holding.asset,
      description,
      [holding.asset]: fromUnits(holding.opening, holding.asset),
    });
    text += line({
      record: 'closing',
      date: summary.to,
      type: holding.asset,
      description,
      [holding.asset]: fromUnits(holding.closing, holding.asset),
    });
  }
  for (const [asset, amount] of summary.fees)
    text += line({
      record: 'fees',
      date: summary.to,
      description: `Fees paid in ${asset}`,
      fee: fromUnits(amount, asset),
      fee_asset: asset,
    });
  for (const asset of STATEMENT_GAIN_ASSETS) {
    const gain = summary.gains[asset];
    text += line({
      record: 'realised_gain',
      date: summary.to,
      type: asset,
      description: `${asset} sold or redeemed in ${summary.year}, at average cost`,
      [asset]: fromUnits(gain.disposed, asset),
      proceeds_usdt: fromUnits(gain.proceeds, 'USDT'),
      cost_usdt: fromUnits(gain.cost, 'USDT'),
      realised_gain_usdt: fromUnits(gain.gain, 'USDT'),
    });
  }
  for (const note of COST_METHOD) text += line({ record: 'note', description: note });
  return text;
}

export function csvMovement({ movement, proceeds, cost }: FoldedMovement): string {
  const fields: Partial<Record<Column, string>> = {
    record: 'movement',
    date: movement.at,
    code: movement.code ?? '',
    type: movement.kind,
    description: movement.description,
    status: movement.status ?? '',
    fee: movement.fee?.amount ?? '',
    fee_asset: movement.fee?.asset ?? '',
  };
  for (const change of movement.changes) fields[change.asset] = change.amount;
  if (movement.realisedGainUsdt !== null) {
    fields.proceeds_usdt = fromUnits(proceeds, 'USDT');
    fields.cost_usdt = fromUnits(cost, 'USDT');
    fields.realised_gain_usdt = movement.realisedGainUsdt;
  }
  return line(fields);
}
