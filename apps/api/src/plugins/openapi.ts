import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE, TRIMMED_WHITESPACE, apiErrorSchema, idempotencyKeySchema } from '@qmgt/contracts';

/** The error statuses an operation can document; each has one meaning across the API. */
export const ERROR_STATUS_MEANING = {
  400: 'The request does not match this document: body, parameters, headers, or a malformed address.',
  401: 'No session, or it has ended: sign in again.',
  403: 'Signed in, but this is not allowed for this account (role, KYC status, or not yours).',
  404: 'Not found, or not yours.',
  409: 'Conflicts with the current state: already done, or still in progress.',
  413: 'The body or an uploaded file is too large.',
  415: 'This content type is not accepted here.',
  422: 'Well-formed and matching this document, but refused by a rule it cannot express (e.g. two passwords that differ, a link that has expired).',
  429: 'Too many requests: wait and try again.',
  500: 'A failure on our side; the message says nothing more.',
  502: 'An outside service (the identity provider) did not answer.',
  503: 'A dependency (database, price feed) is not reachable.',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUS_MEANING;

/**
 * A body the handler reads itself (multipart forms, raw signed JSON), so Fastify does not
 * validate it: described here for the document, from the same zod schema the handler uses.
 */
export interface ManualBody {
  contentTypes: readonly ('application/json' | 'multipart/form-data')[];
  /** The (text) fields, as the handler validates them; none when absent. */
  fields?: z.ZodType;
  /** Multipart file fields: whether each is required and the media types its bytes may be. */
  files?: Readonly<Record<string, { required: boolean; contentTypes: readonly string[] }>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Money-moving: the `Idempotency-Key` header is required, validated with the route's
     * other headers and documented (DESIGN.md section 2).
     */
    idempotent?: boolean;
    /** Error statuses this route's own rules answer beyond what its schema, guard and limits imply. */
    errorStatuses?: readonly ErrorStatus[];
    manualBody?: ManualBody;
    /** A 200 answer that is a file (a PDF statement), documented with its media type instead of a JSON schema. */
    fileResponse?: { contentType: string; description: string };
  }
}

/** Documented methods that carry a body: Fastify parses one whatever the schema says. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const ENCODING = 'x-multipart-encoding';
const isErrorStatus = (status: string): status is `${ErrorStatus}` => status in ERROR_STATUS_MEANING;
const API_ERROR_REF = '#/components/schemas/ApiError';

const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema }).loose();

type ZodDef = Record<string, unknown> & { type: string; checks?: z.core.$ZodCheck[] };

/** Every zod schema inside one: children sit in def fields (shape, innerType, in/out, element, options...). */
function zodNodes(schema: unknown, seen = new Set<unknown>()): z.core.$ZodType[] {
  if (!(schema instanceof z.core.$ZodType) || seen.has(schema)) return [];
  seen.add(schema);
  const children = (value: unknown): unknown[] =>
    value instanceof z.core.$ZodType
      ? [value]
      : Array.isArray(value)
        ? value
        : value && typeof value === 'object' && !(value instanceof RegExp)
          ? Object.values(value)
          : [];
  const def = schema._zod.def as unknown as ZodDef;
  return [
    schema,
    ...Object.entries(def)
      .filter(([key]) => key !== 'checks')
      .flatMap(([, value]) => children(value).flatMap((child) => zodNodes(child, seen))),
  ];
}

/** Whether a zod schema holds a refinement (`.refine`, `.superRefine`), which JSON Schema cannot state. */
export function hasRefinement(schema: unknown): boolean {
  return zodNodes(schema).some((node) =>
    (node._zod.def as unknown as ZodDef).checks?.some((check) => check._zod.def.check === 'custom'),
  );
}

const trims = (check: z.core.$ZodCheck): boolean => {
  const def = check._zod.def as { check: string; tx?: (value: string) => unknown };
  if (def.check !== 'overwrite' || !def.tx) return false;
  try {
    return def.tx(' \u00a0x\t') === 'x';
  } catch {
    return false;
  }
};

/**
 * `z.string().trim().min(n)` refuses "   ", which `minLength: n` alone allows: give such a
 * string (one with no pattern of its own) a pattern saying that n characters must remain
 * after trimming, so that the document states what is validated. Recorded as the schema's
 * JSON Schema metadata, which the document generator merges.
 */
function documentTrimmedMinimums(schema: unknown): void {
  for (const node of zodNodes(schema)) {
    const def = node._zod.def as unknown as ZodDef;
    if (def.type !== 'string' || !def.checks) continue;
    const checks = def.checks;
    const trimAt = checks.findIndex(trims);
    if (trimAt < 0) continue;
    const formats = checks.filter((check) => check._zod.def.check === 'string_format');
    // text() refuses control characters before trimming: that rule and the trimmed minimum
    // make one pattern (single-line, or multiline where tab and line breaks are allowed). Any
    // other format already says what it accepts.
    const sources = formats.map((check) =>
      checks.indexOf(check) < trimAt ? (check._zod.def as { pattern?: RegExp }).pattern?.source : undefined,
    );
    const singleLine = formats.length > 0 && sources.every((source) => source === SINGLE_LINE_SOURCE);
    const multiline = formats.length > 0 && sources.every((source) => source === MULTILINE_SOURCE);
    if (formats.length > 0 && !singleLine && !multiline) continue;
    const minimum = Math.max(
      0,
      ...checks
        .slice(trimAt + 1)
        .map((check) => check._zod.def as { check: string; minimum?: number })
        .filter((check) => check.check === 'min_length')
        .map((check) => check.minimum ?? 0),
    );
    const meta = z.globalRegistry.get(node);
    if (minimum < 1 || meta?.pattern || meta?.id) continue;
    let pattern: string;
    if (singleLine || multiline) {
      const controls = singleLine ? CONTROLS : MULTILINE_CONTROLS;
      const solid = `[^${controls}${TRIMMED_WHITESPACE}]`;
      const any = `[^${controls}]`;
      pattern = minimum === 1 ? `^${any}*${solid}${any}*$` : `^${any}*${solid}${any}{${minimum - 2},}${solid}${any}*$`;
    } else {
      const solid = `[^${TRIMMED_WHITESPACE}]`;
      pattern = minimum === 1 ? solid : `${solid}[\\s\\S]{${minimum - 2},}${solid}`;
    }
    z.globalRegistry.add(node, { ...meta, pattern });
  }
}

/** The control characters text() refuses in a single-line field, and its pattern's source. */
const CONTROLS = '\\u0000-\\u001F\\u007F';
const SINGLE_LINE_SOURCE = `^[^${CONTROLS}]*$`;
/** text({ multiline: true }): tab, line feed and carriage return are allowed. */
const MULTILINE_CONTROLS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F';
const MULTILINE_SOURCE = `^[^${MULTILINE_CONTROLS}]*$`;

type Guard = 'user' | 'verified' | 'operator';

function apiErrorJsonSchema(): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(apiErrorSchema, { target: 'openapi-3.0', io: 'output' });
  return schema;
}

function asArray<T>(value: T | readonly T[] | undefined): readonly T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? (value as readonly T[]) : [value as T];
}

interface RouteSchema extends FastifySchema {
  security?: Record<string, string[]>[];
  consumes?: string[];
  hide?: boolean;
  operationId?: string;
}

/** Multipart or raw JSON, as JSON Schema, for the document only. */
function manualBodyJsonSchema(body: ManualBody): Record<string, unknown> {
  const fields = z.toJSONSchema(body.fields ?? z.object({}), {
    io: 'input',
    target: 'openapi-3.0',
    unrepresentable: 'any',
  }) as {
    $schema?: string;
    properties?: Record<string, unknown>;
    required?: string[];
  };
  delete fields.$schema;
  const files = Object.entries(body.files ?? {});
  if (files.length === 0) return fields;
  return {
    ...fields,
    // Moved beside the schema, where OpenAPI wants it, by the document's transformObject.
    [ENCODING]: Object.fromEntries(files.map(([name, file]) => [name, { contentType: file.contentTypes.join(', ') }])),
    type: 'object',
    properties: {
      ...fields.properties,
      // An empty file is refused: at least one byte.
      ...Object.fromEntries(files.map(([name]) => [name, { type: 'string', format: 'binary', minLength: 1 }])),
    },
    required: [...(fields.required ?? []), ...files.filter(([, file]) => file.required).map(([name]) => name)],
  };
}

/**
 * A stable operationId from the method and the route pattern, so that client generators
 * name operations the same way on every run: `GET /api/gae/plan` -> `getGaePlan`,
 * `POST /api/payments/:id/cancel` -> `postPaymentsByIdCancel`. A route may declare its own.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .slice(API_BASE.length)
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : [segment]))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const capitalized = words.map((word) => word[0]!.toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${capitalized.join('')}`;
}

/**
 * The OpenAPI document is generated from the same zod schemas that validate the wire, and
 * this plugin makes the rest of it follow from what each route declares, in one place:
 * - `onRequest: app.requireUser / requireVerified / requireOperator` -> bearer `security`, 401
 *   (and 403 for a role or KYC gate);
 * - `config.idempotent` -> a required, validated `Idempotency-Key` header, 409 and 422;
 * - `config.manualBody` -> the multipart or raw body the handler reads itself;
 * - `config.rateLimit` -> 429; a body -> 413 and 415; any input or body -> 400; path
 *   parameters -> 404; refinements the document cannot state -> 422; `config.errorStatuses`;
 *   500 everywhere. Each answers with the one error schema (`apiErrorSchema`), which the
 *   serializer then also enforces on the way out.
 */
export default fp<{ version: string }>(
  async (app, { version }) => {
    const publicUrl = app.config.publicUrl.replace(/\/+$/, '');
    const guards = new Map<unknown, Guard>([
      [app.requireUser, 'user'],
      [app.requireVerified, 'verified'],
      [app.requireOperator, 'operator'],
    ]);

    const operationIds = new Set<string>();
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith(`${API_BASE}/`)) return;
      const schema = (route.schema ??= {}) as RouteSchema;
      if (schema.hide) return;
      const config = route.config ?? {};
      const method = String(route.method).toUpperCase();

      // A guard may still sit at preHandler in a file not yet converted; it is documented alike.
      const guardKinds = [...asArray(route.onRequest), ...asArray(route.preHandler)]
        .map((hook) => guards.get(hook))
        .filter((kind): kind is Guard => kind !== undefined);
      const guard = guardKinds.find((kind) => kind !== 'user') ?? guardKinds[0];
      // Public operations say so (`[]`): a client generator must not guess from a missing key.
      if (!schema.security) schema.security = guard ? [{ bearer: [] }] : [];
      if (method !== 'HEAD') {
        schema.operationId ??= operationIdOf(method, route.url);
        if (operationIds.has(schema.operationId))
          throw new Error(`Two operations would be named ${schema.operationId}: declare one's operationId`);
        operationIds.add(schema.operationId);
      }

      if (config.idempotent) {
        const existing = schema.headers;
        schema.headers =
          existing instanceof z.ZodObject ? existing.extend(idempotencyHeaders.shape).loose() : idempotencyHeaders;
      }
      if (config.manualBody) schema.consumes = [...config.manualBody.contentTypes];
      const inputs = [schema.body, schema.querystring, schema.params, schema.headers, config.manualBody?.fields];
      for (const input of inputs) documentTrimmedMinimums(input);

      const takesBody = BODY_METHODS.has(method) || Boolean(schema.body) || Boolean(config.manualBody);
      const statuses = new Set<ErrorStatus>([500]);
      if (takesBody || inputs.some(Boolean) || route.url.includes(':')) statuses.add(400);
      if (guard || schema.security?.some((requirement) => Object.keys(requirement).length > 0)) statuses.add(401);
      if (guard === 'verified' || guard === 'operator') statuses.add(403);
      if (route.url.includes(':')) statuses.add(404);
      if (config.idempotent) {
        statuses.add(409);
        statuses.add(422);
      }
      if (takesBody) {
        statuses.add(413);
        statuses.add(415);
      }
      if (inputs.some((input) => hasRefinement(input))) statuses.add(422);
      if ((config as { rateLimit?: unknown }).rateLimit) statuses.add(429);
      for (const status of config.errorStatuses ?? []) statuses.add(status);

      const response = (schema.response ??= {}) as Record<string, unknown>;
      for (const status of statuses) response[status] ??= apiErrorSchema;
    });

    await app.register(swagger, {
      openapi: {
        info: {
          title: 'QMGT platform API',
          version,
          description:
            'Gold-backed token savings platform. Every error answers { error: { status, name, message, details } }; ' +
            '400 means the request does not match this document, 422 that it does but a rule refused it.',
          license: { name: 'Proprietary: all rights reserved', url: `${publicUrl}/terms` },
        },
        servers: [{ url: publicUrl, description: 'This deployment (PUBLIC_URL); the API is under /api' }],
        components: {
          schemas: { ApiError: apiErrorJsonSchema() },
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            sandboxSdkToken: {
              type: 'apiKey',
              in: 'header',
              name: 'X-Access-Token',
              description: 'The sandbox identity provider’s SDK token, from POST /api/applicant/access-token.',
            },
          },
        },
      },
      transform: (input) => {
        const output = jsonSchemaTransform(input);
        const documented = output.schema as RouteSchema | undefined;
        if (!documented || documented.hide) return output;
        const manualBody = input.route.config?.manualBody;
        // A schema on the route would make Fastify validate a body it never parses: document only.
        if (manualBody) documented.body = manualBodyJsonSchema(manualBody);
        const file = input.route.config?.fileResponse;
        if (file)
          documented.response = {
            ...(documented.response as object),
            200: {
              description: file.description,
              content: { [file.contentType]: { schema: { type: 'string', format: 'binary' } } },
            },
          };
        // Every error answer is the one component, described by what its status means here.
        const declared = (input.schema?.response ?? {}) as Record<string, unknown>;
        const responses = (documented.response ?? {}) as Record<string, unknown>;
        for (const status of Object.keys(responses)) {
          if (isErrorStatus(status) && declared[status] === apiErrorSchema)
            responses[status] = { $ref: API_ERROR_REF, description: ERROR_STATUS_MEANING[status] };
        }
        return output;
      },
      transformObject: (documentObject) => {
        if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
        const { openapiObject } = documentObject;
        for (const operations of Object.values(openapiObject.paths ?? {}))
          for (const operation of Object.values(operations ?? {})) {
            const content = (operation as { requestBody?: { content?: Record<string, Record<string, unknown>> } })
              .requestBody?.content;
            const shared = content?.['multipart/form-data'];
            if (!content || !shared?.schema) continue;
            // readMultipart refuses parts it was not told about: the form is closed. Its own copy,
            // as swagger shares one media object between content types.
            const schema: Record<string, unknown> = { ...(shared.schema as object), additionalProperties: false };
            const media: Record<string, unknown> = { ...shared, schema };
            content['multipart/form-data'] = media;
            // A form of optional fields may be sent empty, or not at all (readMultipart: an empty form).
            const multipartOnly = Object.keys(content).length === 1;
            const requestBody = (operation as { requestBody?: { required?: boolean } }).requestBody;
            if (multipartOnly && requestBody && !(schema.required as unknown[] | undefined)?.length)
              requestBody.required = false;
            if (!schema[ENCODING]) continue;
            media.encoding = schema[ENCODING];
            delete schema[ENCODING];
          }
        return openapiObject;
      },
    });
    await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs` });
  },
  { name: 'openapi', dependencies: ['auth'] },
);
