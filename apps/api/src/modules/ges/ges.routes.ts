import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminGesGroupResponseSchema,
  adminGesGroupsQuerySchema,
  adminGesGroupsResponseSchema,
  apiPaths,
  GES_AGREEMENT_FILE_TYPES,
  gesAgreementFileFieldsSchema,
  gesAgreementInputSchema,
  gesDocumentSchema,
  gesGroupDetailSchema,
  gesGroupEditSchema,
  gesGroupInputSchema,
  gesGroupsResponseSchema,
  gesJoinRequestSchema,
  gesJoinResponseSchema,
  gesQuoteSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { moneyOperationDeclarer } from '../../lib/money-routes.js';
import { currentAuth } from '../../plugins/auth.js';
import { badRequest, invalidInput, notFound } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import type { ManualBody } from '../../plugins/openapi.js';
import type { GesService } from './ges.service.js';
import { passbookPdf } from './ges.pdf.js';

const groupParams = z.object({ id: z.uuid({ error: 'Group not found.' }) });
/** The agreement upload as the OpenAPI document shows it (read by the handler). */
const agreementFileForm = {
  contentTypes: ['multipart/form-data'],
  fields: gesAgreementFileFieldsSchema,
  files: { file: { required: true, contentTypes: GES_AGREEMENT_FILE_TYPES } },
} satisfies ManualBody;

/** Group savings for customers and the operator's group management: thin handlers over the service. */
export const gesRoutes: FastifyPluginAsync<{ ges: GesService }> = async (fastify, { ges }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routeDeclarer({ tags: ['group savings'] });

  app.get(
    apiPaths.gesGroups,
    route({
      guard: app.requireUser,
      summary: 'Open groups and the groups the caller joined',
      ok: gesGroupsResponseSchema,
    }),
    async (request) => ({ data: await ges.groups(currentAuth(request).user.id) }),
  );

  app.get(
    '/ges/groups/:id',
    route({
      guard: app.requireUser,
      // 404 unknown or a draft; 409 closed, to a non-member.
      config: { errorStatuses: [404, 409] },
      summary: "A group with the caller's membership and passbook",
      params: groupParams,
      ok: gesGroupDetailSchema,
    }),
    async (request) => ges.group(currentAuth(request).user.id, request.params.id),
  );

  app.get(
    '/ges/groups/:id/passbook.pdf',
    route({
      guard: app.requireUser,
      config: {
        errorStatuses: [404, 409],
        fileResponse: { contentType: 'application/pdf', description: 'The passbook as a PDF' },
      },
      summary: "The caller's passbook of a group as a PDF (attachment)",
      params: groupParams,
    }),
    async (request, reply) => {
      const { user } = currentAuth(request);
      const detail = await ges.group(user.id, request.params.id);
      if (!detail.membership) throw notFound('You are not a member of this group.');
      const pdf = await passbookPdf(detail, { username: user.username, email: user.email });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="qmgt-gds-passbook-${detail.group.id.slice(0, 8)}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/ges/documents/:id',
    route({
      guard: app.requireUser,
      // 404 unknown, or a draft's; 409 the group is closed, to a non-member.
      config: { errorStatuses: [404, 409] },
      summary: "A group's agreement (title, version, text, sha256)",
      params: z.object({ id: z.uuid({ error: 'Agreement not found.' }) }),
      ok: gesDocumentSchema,
    }),
    async (request) => ges.document(currentAuth(request).user.id, request.params.id),
  );

  app.post(
    '/ges/groups/:id/quote',
    route({
      guard: app.requireVerified,
      // 404 unknown group or a draft; 409 joined, closed, full or started; 422 the instalment buys no gold now.
      config: { errorStatuses: [404, 409, 422, 503] },
      summary: "The first instalment's price, fee and grams (a 30-second quote) before joining",
      params: groupParams,
      ok: gesQuoteSchema,
    }),
    async (request) => ges.quote(currentAuth(request).user.id, request.params.id),
  );

  moneyOperationDeclarer(app, route)('/ges/groups/:id/join', {
    guard: app.requireVerified,
    // 404 unknown group, agreement or quote; 409 joined, full, closed, started, a newer agreement,
    // a used quote; 422 an expired quote or a short balance.
    config: { errorStatuses: [404, 409, 422] },
    summary: 'Join: accept the current agreement and pay the first instalment at the quote (Idempotency-Key header)',
    params: groupParams,
    body: gesJoinRequestSchema,
    ok: gesJoinResponseSchema,
    operate: ({ user, params, body, claim, request }) => ges.join(user.id, params.id, body, claim, request.ip),
  });

  const office = routeDeclarer({ tags: ['back office'] });
  app.get(
    apiPaths.adminGesGroups,
    office({
      guard: app.requireOperator,
      summary: 'Every group, the newest first, paged by key',
      querystring: adminGesGroupsQuerySchema,
      ok: adminGesGroupsResponseSchema,
    }),
    async (request) => ges.adminGroups(request.query),
  );

  app.post(
    apiPaths.adminGesGroups,
    office({
      guard: app.requireOperator,
      // 422: a start day past or after the 28th, an instalment under 10 USDT.
      config: { errorStatuses: [422] },
      summary: 'Create a group as a draft, with its agreement (version 1) when given; open it to publish it',
      body: gesGroupInputSchema,
      ok: adminGesGroupResponseSchema,
    }),
    async (request) => ({
      group: await ges.createGroup(currentAuth(request).user.id, request.body, request.ip),
    }),
  );

  app.patch(
    '/admin/ges/groups/:id',
    office({
      guard: app.requireOperator,
      // 409 members joined, the start date came, or closed; 422 no term given, a start day past or
      // after the 28th, an instalment under 10 USDT.
      config: { errorStatuses: [404, 409, 422] },
      summary:
        "Change a group's terms before anyone counts on them: a draft, or an open group with no members before its start date",
      params: groupParams,
      body: gesGroupEditSchema,
      ok: adminGesGroupResponseSchema,
    }),
    async (request) => ({
      group: await ges.editGroup(currentAuth(request).user.id, request.params.id, request.body, request.ip),
    }),
  );

  app.post(
    '/admin/ges/groups/:id/open',
    office({
      guard: app.requireOperator,
      // 409 not a draft, or no agreement yet; 422 the start date has passed.
      config: { errorStatuses: [404, 409, 422] },
      summary: 'Open a draft group: customers see it and join until its start date',
      params: groupParams,
      ok: adminGesGroupResponseSchema,
    }),
    async (request) => ({ group: await ges.openGroup(currentAuth(request).user.id, request.params.id, request.ip) }),
  );

  app.post(
    '/admin/ges/groups/:id/close',
    office({
      guard: app.requireOperator,
      config: { errorStatuses: [404, 409] },
      summary: "Close a group to new members (members' instalments go on)",
      params: groupParams,
      ok: adminGesGroupResponseSchema,
    }),
    async (request) => ({ group: await ges.closeGroup(currentAuth(request).user.id, request.params.id, request.ip) }),
  );

  app.post(
    '/admin/ges/groups/:id/agreement',
    office({
      guard: app.requireOperator,
      // 409: the group is closed.
      config: { errorStatuses: [404, 409] },
      summary: 'Publish a new agreement version; new members accept it, members keep the one they accepted',
      params: groupParams,
      body: gesAgreementInputSchema,
      ok: adminGesGroupResponseSchema,
    }),
    async (request) => ({
      group: await ges.newAgreement(currentAuth(request).user.id, request.params.id, request.body, request.ip),
    }),
  );

  app.post(
    '/admin/ges/groups/:id/agreement/file',
    office({
      guard: app.requireOperator,
      // 409 the group is closed; 413 over 200 KB; 415 not UTF-8 text or Markdown; 422 empty or too long.
      config: { manualBody: agreementFileForm, errorStatuses: [404, 409, 413, 415, 422] },
      summary:
        'Upload a new agreement version as a text or Markdown file (multipart: title, file); stored and hashed as uploaded',
      params: groupParams,
      ok: adminGesGroupResponseSchema,
    }),
    async (request) => {
      const form = await readMultipart(
        request,
        Object.keys(agreementFileForm.files),
        Object.keys(agreementFileForm.fields.shape),
      );
      const fields = agreementFileForm.fields.safeParse(form.fields);
      if (!fields.success)
        throw invalidInput(fields.error.issues, fields.error.issues[0]?.message ?? 'The form is not complete.');
      const file = form.files.file;
      if (!file) throw badRequest('Choose the agreement file to upload (field file).');
      const text = ges.agreementFromFile(file, form.fileMeta.file!);
      return {
        group: await ges.newAgreement(
          currentAuth(request).user.id,
          request.params.id,
          { title: fields.data.title, text },
          request.ip,
        ),
      };
    },
  );
};
