import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The API's seams as `npm run lint` enforces them (eslint.config.js, apiModuleBoundaries):
 * fixtures linted as if they were files of apps/api/src, without writing them.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${source}';\nexport const y = x;\n`, {
    filePath: path.join(root, 'apps/api/src', file),
  });
  return result!.messages.filter((m) => m.ruleId === 'api-boundaries/boundaries').map((m) => m.message);
}

describe('the API module boundaries', () => {
  it.each([
    ['modules/gae/gae.service.ts', '../ges/ges.schema.js', /ges module's schema/],
    ['modules/gae/gae.service.ts', '../../modules/ges/ges.repository.js', /ges module's repository/],
    ['modules/gae/deep/helper.ts', '../../../modules/ges/ges.schema.js', /ges module's schema/],
    ['jobs/status.ts', '../modules/gae/gae.schema.js', /gae module's schema/],
    ['adapters/chain/anvil.ts', '../../modules/wallet/wallet.schema.js', /wallet module's schema/],
    ['lib/audit.ts', '../modules/users/users.repository.js', /users module's repository/],
    ['platform/outbox/sender.ts', '../../modules/users/users.schema.js', /users module's schema/],
    ['modules/gae/gae.service.ts', '../../db/schema.js', /gathers every table/],
    ['modules/gae/gae.service.ts', '../../platform/schedule/schedule.js', /import its index\.ts/],
    ['modules/gae/gae.service.ts', '../ges/ges.service.js', /inside the ges module/],
    ['modules/gae/gae.service.ts', '../../modules/ges/ges.rules.js', /inside the ges module/],
    ['jobs/status.ts', '../modules/gae/gae.service.js', /inside the gae module/],
    ['plugins/metrics.ts', '../modules/money/money.engine.js', /inside the money module/],
    ['app.ts', './modules/gae/gae.service.js', /inside the gae module/],
    ['modules/gae/index.ts', './gae.repository.js', /never tables/],
  ])('refuses %s importing %s', async (file, source, message) => {
    const errors = await boundaryErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['modules/gae/gae.service.ts', '../ges/index.js'],
    ['app.ts', './modules/gae/gae.module.js'],
    ['modules/gae/index.ts', './gae.service.js'],
    ['modules/gae/gae.service.ts', './gae.schema.js'],
    ['modules/gae/gae.service.ts', './gae.repository.js'],
    ['modules/gae/gae.schema.ts', '../users/users.schema.js'],
    ['modules/gae/gae.service.ts', '../../platform/schedule/index.js'],
    ['platform/schedule/schedule.ts', './schedule.schema.js'],
    ['db/schema.ts', '../modules/gae/gae.schema.js'],
    ['modules/gae/gae.test.ts', '../ges/ges.schema.js'],
  ])('allows %s importing %s', async (file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});
