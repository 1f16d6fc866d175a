import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  annualStatementFileQuerySchema,
  annualStatementQuerySchema,
  annualStatementSchema,
  apiPaths,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { currentAuth } from '../../plugins/auth.js';
import { csvHead, csvMovement } from './statements.csv.js';
import { annualStatementPdf } from './statements.pdf.js';
import type { StatementsService } from './statements.service.js';

const YEAR_RULE =
  'A calendar year in UTC, 2000 up to the current one (a year not yet begun is a 422 saying which to choose). ' +
  'Only the signed-in customer’s accounts are read.';

/** The annual statement as JSON, PDF and CSV: thin handlers over the service. */
export const statementsRoutes: FastifyPluginAsync<{ statements: StatementsService }> = async (
  fastify,
  { statements },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const documented = { tags: ['statements'], security: [{ bearer: [] as never[] }] };
  const route = routeDeclarer(documented);

  app.get(
    apiPaths.annualStatement,
    route({
      guard: app.requireUser,
      // 422: a year that has not begun.
      config: { errorStatuses: [422] },
      summary: 'The annual statement: holdings, fees, realised gains at average cost, and the year’s movements',
      description:
        `${YEAR_RULE} Movements come oldest first, \`pageSize\` at a time; \`nextCursor\` gives the next page. ` +
        'The summary (holdings at opening and closing, fees, gains) covers the whole year on every page.',
      querystring: annualStatementQuerySchema,
      ok: annualStatementSchema,
    }),
    async (request) => {
      const { user } = currentAuth(request);
      return statements.annual(user, request.query);
    },
  );

  app.get(
    apiPaths.annualStatementPdf,
    {
      onRequest: app.requireUser,
      config: {
        errorStatuses: [422],
        fileResponse: { contentType: 'application/pdf', description: 'The annual statement as a PDF' },
      },
      schema: {
        ...documented,
        summary: 'The annual statement as a PDF (attachment)',
        description: `${YEAR_RULE} Every movement of the year, after the summary.`,
        querystring: annualStatementFileQuerySchema,
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const { year } = request.query;
      // First pass: the summary, so a bad year or a failing read answers an error, not half a file.
      const summary = await statements.summary(user, year);
      const pdf = annualStatementPdf(summary, { username: user.username, email: user.email });
      // Second pass: the movements drawn as they are read; the bytes leave as pages fill.
      void (async () => {
        try {
          for await (const folded of statements.movements(user, year)) pdf.row(folded);
          pdf.end();
        } catch (error) {
          request.log.error({ err: error }, 'annual statement PDF stopped part-way');
          pdf.doc.destroy(error as Error);
        }
      })();
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="qmgt-annual-statement-${year}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(pdf.doc);
    },
  );

  app.get(
    apiPaths.annualStatementCsv,
    {
      onRequest: app.requireUser,
      config: {
        errorStatuses: [422],
        fileResponse: { contentType: 'text/csv', description: 'The annual statement as CSV' },
      },
      schema: {
        ...documented,
        summary: 'The annual statement as CSV (attachment)',
        description:
          `${YEAR_RULE} One table: the opening and closing holdings, fee totals, realised gains and notes on the method, ` +
          'then every movement of the year; exact decimal amounts.',
        querystring: annualStatementFileQuerySchema,
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const { year } = request.query;
      const summary = await statements.summary(user, year);
      async function* lines() {
        yield csvHead(summary);
        for await (const folded of statements.movements(user, year)) yield csvMovement(folded);
      }
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="qmgt-annual-statement-${year}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(lines()));
    },
  );
};
