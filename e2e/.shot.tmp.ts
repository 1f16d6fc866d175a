import { chromium, request as req } from '@playwright/test';
import { verifyKycViaApi } from '/work/wt-client/e2e/tests/support/kyc.js';
import { createVerifiedUser, signInViaApi, signInViaUi } from '/work/wt-client/e2e/tests/support/users.js';
// usage: tsx shot.tmp.ts out-prefix path [path...]  (env W=1280,360 H=800)
const baseURL = 'http://127.0.0.1:3303';
const [prefix, ...paths] = process.argv.slice(2);
const request = await req.newContext({ baseURL });
const operator = process.env.OPERATOR === '1';
let id: string, pw: string;
if (operator) { id = 'ops@e2e.qmgt.test'; pw = 'operator-e2e-pass-1'; }
else {
  const { credentials: me } = await createVerifiedUser(request, { prefix: 'shot' });
  if (process.env.KYC !== '0') await verifyKycViaApi(request, await signInViaApi(request, me.email, me.password));
  id = me.username; pw = me.password;
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const w of (process.env.W ?? '1280,360').split(',').map(Number)) {
  const page = await (await browser.newContext({ baseURL, viewport: { width: w, height: Number(process.env.H ?? 800) } })).newPage();
  if (process.env.GUEST !== '1') await signInViaUi(page, id, pw);
  for (const p of paths) {
    await page.goto(p); await page.waitForTimeout(1500);
    const file = `/tmp/wtc/${prefix}-${p.replace(/[^a-z0-9]+/gi, '_')}-${w}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
    console.log(file);
  }
}
await browser.close();
