import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test.js';
import { noHorizontalOverflow, sidebar } from './support/kyc.js';
import { bearer, expectBooksSound, fundedWithUsdt, postAs } from './support/money.js';
import { createVerifiedUser, signInViaApi, signInViaUi } from './support/users.js';

/**
 * Issue 26's journey, part 4: a customer buys QMGT and sells part of it back, then opens the
 * annual statement from the menu, finds both movements and the realised result of the sale, and
 * downloads the year as a PDF and as a CSV whose figures are the API's. At 1280 and 360 px.
 */

type AnnualStatement = {
  year: number;
  totalGainUsdt: string;
  movements: { code: string | null; description: string; realisedGainUsdt: string | null }[];
  gains: { asset: string; gainUsdt: string }[];
};

test('buy and sell QMGT, then read and download the annual statement', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const { credentials } = await createVerifiedUser(request, { prefix: 'statement' });
  const session = await signInViaApi(request, credentials.username, credentials.password);
  await fundedWithUsdt(request, session, '500');

  // A purchase and a sell, through the money API with their Idempotency-Keys.
  const quote = await request.post('/api/swap/quote', {
    headers: bearer(session),
    data: { from: 'USDT', to: 'QMGT', amount: '200' },
  });
  expect(quote.ok(), await quote.text()).toBe(true);
  const bought = (await postAs(request, session, '/api/swap', {
    quoteId: ((await quote.json()) as { quoteId: string }).quoteId,
  })) as { transaction: { code: string; amountOut: string } };
  const sold = (await postAs(request, session, '/api/sell-token', { amount: '0.5', minAmountOut: '0' })) as {
    transaction: { code: string };
  };

  const year = new Date().getUTCFullYear();
  const api = await request.get(`/api/statements/annual?year=${year}`, { headers: bearer(session) });
  expect(api.ok(), await api.text()).toBe(true);
  const statement = (await api.json()) as AnnualStatement;
  const codes = statement.movements.map((m) => m.code);
  expect(codes).toEqual(expect.arrayContaining([bought.transaction.code, sold.transaction.code]));
  const sale = statement.movements.find((m) => m.code === sold.transaction.code)!;
  expect(sale.realisedGainUsdt).not.toBeNull();

  // The screen, from the menu.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInViaUi(page, credentials.username, credentials.password);
  await sidebar(page).getByRole('link', { name: 'Annual Statement' }).click();
  await expect(page).toHaveURL('/statements');
  await expect(page.getByRole('heading', { name: 'Annual Statement', level: 1 })).toBeVisible();
  const movements = page.getByRole('table', { name: 'Movements of the year' });
  await expect(movements.getByRole('row', { name: new RegExp(bought.transaction.code) })).toContainText('QMGT bought');
  await expect(movements.getByRole('row', { name: new RegExp(sold.transaction.code) })).toContainText('QMGT sold');
  await expect(page.getByRole('table', { name: 'Realised gains and losses' })).toBeVisible();
  await noHorizontalOverflow(page, 1280);
  await page.screenshot({ path: '/tmp/qmgt-e2e-statement-1280.png', fullPage: true });

  // The PDF: a PDF, named for the year.
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`qmgt-annual-statement-${year}.pdf`);
  const pdfBytes = await readFile((await pdf.path())!);
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The CSV: both movements, and the sale's gain as the API states it.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`qmgt-annual-statement-${year}.csv`);
  const lines = (await readFile((await csv.path())!, 'utf8')).split('\r\n');
  expect(lines[0]).toMatch(/^record,date,code,type,description/);
  const saleLine = lines.find((l) => l.includes(sold.transaction.code))!;
  expect(saleLine.startsWith('movement,')).toBe(true);
  expect(saleLine.endsWith(`,${sale.realisedGainUsdt}`)).toBe(true);
  expect(lines.some((l) => l.includes(bought.transaction.code))).toBe(true);

  // At 360 px the tables scroll inside their cards; the page itself does not.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/statements');
  await expect(page.getByRole('table', { name: 'Movements of the year' })).toBeVisible();
  await noHorizontalOverflow(page, 360);
  await page.screenshot({ path: '/tmp/qmgt-e2e-statement-360.png', fullPage: true });
  await expectBooksSound(request, testInfo);
});
