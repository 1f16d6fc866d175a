import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  autoSaveRequestSchema,
  autoSaveRunsQuerySchema,
  autoSaveRunsResponseSchema,
  autoSaveSchema,
  convertQuoteRequestSchema,
  convertQuoteSchema,
  convertRequestSchema,
  gaePlanResponseSchema,
  gaePurchaseRequestSchema,
  gaeQuoteRequestSchema,
  gaeQuoteSchema,
  gaeStatementQuerySchema,
  gaeStatementSchema,
  terminationFormSchema,
  terminationPreviewRequestSchema,
  terminationResponseSchema,
  terminationSummarySchema,
  transactionResponseSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { moneyOperationDeclarer } from '../../lib/money-routes.js';
import { currentAuth } from '../../plugins/auth.js';
import { claimFor } from '../../plugins/idempotency.js';
import { readMultipart } from '../../lib/multipart.js';
import { invalidInput } from '../../lib/errors.js';
import type { GaeService } from './gae.service.js';
import { statementPdf } from './gae.pdf.js';

const planParams = z.object({ id: z.uuid({ error: 'GAE plan not found.' }) });
const terminationParams = z.object({ id: z.uuid({ error: 'Termination request not found.' }) });
/** The termination form as the OpenAPI document shows it (JSON or multipart, read by the handler). */
const terminationForm = {
  contentTypes: ['application/json', 'multipart/form-data'],
  fields: terminationFormSchema,
} as const;

/** The GAE plan, its statement and termination, auto-save and Convert: thin handlers over the service. */
export const gaeRoutes: FastifyPluginAsync<{ gae: GaeService }> = async (fastify, { gae }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routeDeclarer({ tags: ['gold savings'] });
  const moneyOperation = moneyOperationDeclarer(app, route);

  app.get(
    apiPaths.gaePlan,
    route({
      guard: app.requireUser,
      config: { errorStatuses: [503] },
      summary: "The caller's GAE plan (open, else the latest) and today's gold prices",
      ok: gaePlanResponseSchema,
    }),
    async (request) => gae.plan(currentAuth(request).user.id),
  );

  app.post(
    apiPaths.gaeQuote,
    route({
      guard: app.requireVerified,
      // 409: GAEX without an open plan, or a termination pending; 422: under a gram; 503: no price.
      config: { errorStatuses: [409, 422, 503] },
      summary: 'A 30-second GAE or GAEX quote: grams = USDT / (spot x 1.03)',
      body: gaeQuoteRequestSchema,
      ok: gaeQuoteSchema,
    }),
    async (request) => gae.quote(currentAuth(request).user.id, request.body),
  );

  moneyOperation(apiPaths.gaePurchase, {
    guard: app.requireVerified,
    // 404 unknown quote, 409 used quote or no open plan for GAEX, 422 expired or unaffordable.
    config: { errorStatuses: [404, 409, 422] },
    summary: 'Execute a GAE or GAEX quote (Idempotency-Key header); the first GAE purchase opens the plan',
    body: gaePurchaseRequestSchema,
    ok: transactionResponseSchema,
    operate: ({ user, body, claim }) => gae.purchase(user.id, body.quoteId, claim),
  });

  app.get(
    apiPaths.gaeStatement,
    route({
      guard: app.requireUser,
      // 422: a day the calendar does not have, or a start after the end.
      config: { errorStatuses: [422, 503] },
      summary: 'The plan statement: opening and closing grams, movements with running grams, valuation',
      description:
        'The period is `from` to `to` (UTC days), by default the last 12 months up to today (from the plan opening if younger). ' +
        'One answer holds the newest 200 movements of the period before `cursor`, oldest first with running grams; ' +
        '`openingGrams` is the balance before its first row, and `nextCursor` (null when the rows start at `from`) gives the older movements.',
      querystring: gaeStatementQuerySchema,
      ok: gaeStatementSchema,
    }),
    async (request) => gae.statement(currentAuth(request).user.id, request.query),
  );

  app.get(
    apiPaths.gaeStatementPdf,
    route({
      guard: app.requireUser,
      config: {
        errorStatuses: [422, 503],
        fileResponse: { contentType: 'application/pdf', description: 'The statement as a PDF' },
      },
      summary: 'The plan statement as a PDF (attachment)',
      description:
        'The same period and movements as GET /gae/statement with the same query: by default the last 12 months, ' +
        'at most its newest 200 movements (a `cursor` gives the older ones).',
      querystring: gaeStatementQuerySchema,
    }),
    async (request, reply) => {
      const { user } = currentAuth(request);
      const statement = await gae.statement(user.id, request.query);
      const pdf = await statementPdf(statement, { username: user.username, email: user.email });
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="qmgt-gae-statement-${statement.from}-${statement.to}.pdf"`,
        )
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  app.put(
    apiPaths.gaeAutoSave,
    route({
      guard: app.requireVerified,
      // 409: no open plan, a termination pending, or pausing without an auto-save; 422: the
      // amount buys under a gram, is absurd, or is above the monthly cap.
      config: { errorStatuses: [409, 422, 503] },
      summary:
        'Auto-save: { amountUsdt, frequency daily | weekly (dayOfWeek 1-7, 1 = Monday) | monthly (dayOfMonth 1-28), monthlyCapUsdt? }, { paused }, or { enabled: false }',
      description:
        'Without `frequency` the schedule is monthly. Pausing keeps the schedule and buys nothing; resuming ' +
        'computes the next day from today (periods missed while paused are not caught up). A period whose ' +
        'purchase would take the calendar month past `monthlyCapUsdt`, or that the USDT balance cannot pay, is ' +
        'skipped and the customer is told.',
      body: autoSaveRequestSchema,
      ok: z.object({ autoSave: autoSaveSchema.nullable() }),
    }),
    async (request) => gae.setAutoSave(currentAuth(request).user.id, request.body),
  );

  app.get(
    apiPaths.gaeAutoSaveRuns,
    route({
      guard: app.requireUser,
      summary: "The plan's auto-save runs, newest first: bought (grams) or skipped (why), paged by key",
      querystring: autoSaveRunsQuerySchema,
      ok: autoSaveRunsResponseSchema,
    }),
    async (request) => gae.autoSaveRuns(currentAuth(request).user.id, request.query),
  );

  app.post(
    apiPaths.gaeTerminationPreview,
    route({
      guard: app.requireVerified,
      config: { errorStatuses: [404, 409, 422, 503] },
      summary: 'What terminating the open plan now would refund (5% early-exit fee in the first 12 months)',
      body: terminationPreviewRequestSchema,
      ok: terminationSummarySchema,
    }),
    async (request) => gae.previewTermination(currentAuth(request).user.id, request.body.currency),
  );

  app.put(
    '/request-terminate-gae-form/:id',
    route({
      guard: app.requireVerified,
      // 404 another's or unknown plan; 409 already terminating; 422 the refund fell below `refund`.
      // Idempotent: the hook requires the key; the handler binds it to the form it read.
      config: { manualBody: terminationForm, idempotent: true, errorStatuses: [404, 409, 422, 503] },
      summary: 'File the termination request (form: currency, refund; Idempotency-Key header); grams are locked',
      params: planParams,
      ok: terminationResponseSchema,
    }),
    async (request) => {
      const raw = request.isMultipart()
        ? (await readMultipart(request, [], Object.keys(terminationFormSchema.shape))).fields
        : request.body;
      const form = terminationFormSchema.safeParse(raw ?? {});
      if (!form.success)
        throw invalidInput(form.error.issues, form.error.issues[0]?.message ?? 'The form is not complete.');
      const termination = await gae.requestTermination(
        currentAuth(request).user.id,
        request.params.id,
        form.data,
        claimFor(request, form.data),
      );
      return { termination };
    },
  );

  app.get(
    '/terminations/:id',
    route({
      guard: app.requireUser,
      config: { errorStatuses: [404] },
      summary: "A termination request's summary and status (own requests only)",
      params: terminationParams,
      ok: terminationResponseSchema,
    }),
    async (request) => ({ termination: await gae.termination(currentAuth(request).user.id, request.params.id) }),
  );

  moneyOperation('/terminations/:id/withdraw', {
    guard: app.requireVerified,
    // 404 another's or unknown request; 409 already decided or withdrawn.
    config: { errorStatuses: [404, 409, 503] },
    summary: 'Withdraw a termination request still waiting for review (Idempotency-Key header); the grams return',
    params: terminationParams,
    ok: terminationResponseSchema,
    operate: async ({ user, params, claim }) => ({
      termination: await gae.withdrawTermination(user.id, params.id, claim),
    }),
  });

  app.post(
    apiPaths.convertQuote,
    route({
      guard: app.requireVerified,
      config: { errorStatuses: [422] },
      summary: 'A 30-second Convert quote: QMGT <-> GSA grams 1:1, fee 0.5%',
      body: convertQuoteRequestSchema,
      ok: convertQuoteSchema,
    }),
    async (request) => gae.convertQuote(currentAuth(request).user.id, request.body),
  );

  moneyOperation(apiPaths.convert, {
    guard: app.requireVerified,
    config: { errorStatuses: [404, 409, 422] },
    summary: 'Execute a Convert quote (Idempotency-Key header); QMGT is burned or minted on chain',
    body: convertRequestSchema,
    ok: transactionResponseSchema,
    operate: ({ user, body, claim }) => gae.convert(user.id, body.quoteId, claim),
  });
};
