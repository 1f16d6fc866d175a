/**
 * Requests generated from the product's own OpenAPI document, and the document as the oracle
 * that judges them: what fast-check drives through `app.inject` in openapi.fuzz.test.ts, the
 * same idea as schemathesis (which CI runs too, where Python is available).
 */
import fc from 'fast-check';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { JPEG_HEAD, PNG_1X1, multipartBody } from './uploads.js';

/** JSON Schema as the document holds it (OpenAPI 3.0 dialect: `nullable`). */
export type JsonSchema = { [keyword: string]: unknown };

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}
interface MediaType {
  schema?: JsonSchema;
  encoding?: Record<string, { contentType?: string }>;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { description: string; content?: Record<string, MediaType> }>;
  security?: Record<string, string[]>[];
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, JsonSchema> };
}

export interface DocumentedOperation {
  method: string;
  path: string;
  operation: Operation;
}

export function operationsOf(doc: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/** `#/components/schemas/X` references replaced by their schema (the document has no cycles). */
export function dereference(value: unknown, doc: OpenApiDocument): unknown {
  if (Array.isArray(value)) return value.map((v) => dereference(v, doc));
  if (!value || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const ref = record.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    const target = doc.components.schemas?.[name];
    if (!target) throw new Error(`unresolved ${ref}`);
    return dereference(target, doc);
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, dereference(v, doc)]));
}

/** Validators of the document's schemas; query, path and header values arrive as text. */
export function createJudge(doc: OpenApiDocument) {
  const make = (coerceTypes: boolean) => {
    const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes });
    addFormats.default(ajv);
    ajv.addFormat('binary', true);
    return ajv;
  };
  const exact = make(false);
  const textual = make(true);
  const cache = new Map<string, ValidateFunction>();
  const compile = (schema: JsonSchema, coerce: boolean) => {
    const key = `${coerce}:${JSON.stringify(schema)}`;
    let validate = cache.get(key);
    if (!validate) {
      validate = (coerce ? textual : exact).compile(dereference(schema, doc) as JsonSchema);
      cache.set(key, validate);
    }
    return validate;
  };
  return {
    /** Whether a value satisfies a schema; `text`: it came as a string (query, path, header, form field). */
    valid(schema: JsonSchema, value: unknown, text = false): { ok: boolean; errors: string } {
      const validate = compile(schema, text);
      // coerceTypes rewrites its input in place: judge a copy.
      const ok = validate(text ? structuredClone(value) : value);
      return { ok, errors: ok ? '' : JSON.stringify(validate.errors?.slice(0, 3)) };
    },
  };
}
export type Judge = ReturnType<typeof createJudge>;

/**
 * Strings a client could send. Control characters are left out: refusing them is the
 * contracts' job (issue 8, item 2); until that lands a NUL reaches the database.
 */
const anyText = (maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
  );

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.oneof(fc.uuid(), fc.constant('00000000-0000-0000-0000-000000000000'));
  const allOf = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [];
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : allOf.map((s) => s.pattern).find(Boolean);
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 60;
  // Lengths beyond a pattern are judged, not filtered: an over-long match is an invalid request worth sending.
  if (typeof pattern === 'string') return fc.stringMatching(new RegExp(pattern), { size: 'small' });
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, 80)) });
}

/** Values meant to satisfy a schema; whether they do is for the judge to say. */
export function arbitraryFor(schemaOrRef: JsonSchema, doc: OpenApiDocument, depth = 0): fc.Arbitrary<unknown> {
  const schema = dereference(schemaOrRef, doc) as JsonSchema;
  let value: fc.Arbitrary<unknown>;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) value = fc.constantFrom(...(schema.enum as unknown[]));
  else if (Array.isArray(schema.anyOf) && !schema.type && !schema.properties)
    value = fc.oneof(...(schema.anyOf as JsonSchema[]).map((s) => arbitraryFor(s, doc, depth + 1)));
  else {
    switch (schema.type) {
      case 'string':
        value = stringArbitrary(schema);
        break;
      case 'integer':
      case 'number': {
        const min = typeof schema.minimum === 'number' ? Math.max(schema.minimum, -1e6) : -1000;
        const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, 1e6) : 1000;
        value = schema.type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
        break;
      }
      case 'boolean':
        value = fc.boolean();
        break;
      case 'array':
        value = fc.array(arbitraryFor((schema.items as JsonSchema) ?? {}, doc, depth + 1), {
          maxLength: Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 3, 3),
        });
        break;
      case 'object': {
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        const required = (schema.required ?? []) as string[];
        value =
          depth > 3
            ? fc.constant({})
            : fc.record(
                Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, arbitraryFor(s, doc, depth + 1)])),
                { requiredKeys: required.filter((k) => k in properties) },
              );
        break;
      }
      default:
        value = fc.jsonValue({ maxDepth: 2 });
    }
  }
  return schema.nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
}

/** Mostly values meant to be valid, sometimes anything at all: the judge sorts them out. */
function valueOrJunk(schema: JsonSchema, doc: OpenApiDocument): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: arbitraryFor(schema, doc) },
    { weight: 1, arbitrary: fc.oneof(anyText(30), fc.integer(), fc.constant(null), fc.jsonValue({ maxDepth: 2 })) },
  );
}

/** A JSON body meant to be valid, one with a field dropped or swapped for junk, or junk. */
function jsonBody(schema: JsonSchema, doc: OpenApiDocument): fc.Arbitrary<unknown> {
  const meant = arbitraryFor(schema, doc);
  const mutated = meant.chain((body) => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return fc.constant(body);
    const keys = Object.keys(body);
    if (keys.length === 0) return fc.constant(body);
    return fc.tuple(fc.constantFrom(...keys), fc.boolean(), fc.jsonValue({ maxDepth: 1 })).map(([key, drop, junk]) => {
      const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
      if (drop) delete copy[key];
      else copy[key] = junk;
      return copy;
    });
  });
  return fc.oneof(
    { weight: 6, arbitrary: meant },
    { weight: 2, arbitrary: mutated },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

/** Header values must be sendable at all: printable ASCII, which is also all a header can carry. */
const headerSafe = (value: unknown) => /^[\x20-\x7e]*$/.test(String(value));

export interface GeneratedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Whether every part satisfies the document, and if not, where it does not. */
  valid: boolean;
  why: string;
  describe: string;
}

export interface Credentials {
  bearer?: string;
  sandboxSdkToken?: string;
}

/** One request to an operation, with credentials where the operation names a scheme the caller holds. */
export function requestFor(
  { method, path, operation }: DocumentedOperation,
  doc: OpenApiDocument,
  judge: Judge,
  credentials: Credentials,
): fc.Arbitrary<Promise<GeneratedRequest>> {
  const parameters = operation.parameters ?? [];
  const paramArbs = Object.fromEntries(
    parameters.map((p) => [
      `${p.in}:${p.name}`,
      p.required ? valueOrJunk(p.schema, doc) : fc.option(valueOrJunk(p.schema, doc), { nil: undefined }),
    ]),
  );
  const content = operation.requestBody?.content ?? {};
  const contentTypes = Object.keys(content);
  const bodyArb: fc.Arbitrary<{ type: string; value: unknown } | undefined> =
    contentTypes.length === 0
      ? fc.constant(undefined)
      : fc
          .constantFrom(...contentTypes)
          .chain((type) =>
            (type === 'multipart/form-data'
              ? arbitraryFor(content[type]?.schema ?? {}, doc)
              : jsonBody(content[type]?.schema ?? {}, doc)
            ).map((value) => ({ type, value })),
          );
  const fileArb = fc.constantFrom(
    { data: PNG_1X1, filename: 'a.png', type: 'image/png' },
    { data: JPEG_HEAD, filename: 'a.jpg', type: 'image/jpeg' },
    { data: Buffer.from('not a picture at all'), filename: 'a.txt', type: 'text/plain' },
  );
  return fc
    .record({
      params: fc.record(paramArbs),
      body: bodyArb,
      file: fileArb,
      // Now and then no body at all where one is expected.
      omitBody: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    })
    .map(async ({ params, body, file, omitBody }) => {
      const problems: string[] = [];
      let url = path;
      const query = new URLSearchParams();
      const headers: Record<string, string> = {};
      for (const p of parameters) {
        const value = params[`${p.in}:${p.name}`];
        if (value === undefined) {
          if (p.required) problems.push(`${p.in} ${p.name} missing`);
          continue;
        }
        const raw = typeof value === 'string' ? value : JSON.stringify(value);
        // A "." or ".." path segment is resolved away by every URL parser (inject's, and the
        // server's even when percent-encoded) before a route is chosen: no client can send it
        // as an id, so the fuzzer sends its near neighbour instead.
        const text = p.in === 'path' && /^\.{1,2}$/.test(raw) ? `${raw}~` : raw;
        if (p.in === 'header' && !headerSafe(text)) continue;
        const verdict = judge.valid(p.schema, text, true);
        if (!verdict.ok) problems.push(`${p.in} ${p.name}: ${verdict.errors}`);
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(text));
        else if (p.in === 'query') query.set(p.name, text);
        else if (p.in === 'header') headers[p.name] = text;
      }
      if (parameters.some((p) => p.in === 'header' && p.required && !(p.name in headers)))
        problems.push('a required header is missing');
      let payload: string | Buffer | undefined;
      if (body && !omitBody) {
        const schema = content[body.type]?.schema ?? {};
        if (body.type === 'multipart/form-data') {
          const fields: Record<string, string> = {};
          const files: Record<string, typeof file> = {};
          const properties = ((dereference(schema, doc) as JsonSchema).properties ?? {}) as Record<string, JsonSchema>;
          for (const [name, value] of Object.entries((body.value ?? {}) as Record<string, unknown>)) {
            if (properties[name]?.format === 'binary') files[name] = file;
            else fields[name] = typeof value === 'string' ? value : JSON.stringify(value);
          }
          const judged = { ...fields, ...Object.fromEntries(Object.keys(files).map((k) => [k, 'file'])) };
          const verdict = judge.valid(schema, judged, true);
          if (!verdict.ok) problems.push(`form: ${verdict.errors}`);
          for (const [name, sent] of Object.entries(files)) {
            const accepted = content[body.type]?.encoding?.[name]?.contentType?.split(/,\s*/);
            if (accepted && !accepted.includes(sent.type)) problems.push(`${name} is ${sent.type}`);
          }
          const form = await multipartBody(fields, files);
          payload = form.payload;
          Object.assign(headers, form.headers);
        } else {
          const verdict = judge.valid(schema, body.value);
          if (!verdict.ok) problems.push(`body: ${verdict.errors}`);
          payload = JSON.stringify(body.value);
          headers['content-type'] = 'application/json';
        }
      } else if (operation.requestBody?.required) problems.push('no body');
      // Credentials go where the operation asks for them; the judge does not weigh them.
      const schemes = new Set((operation.security ?? []).flatMap((requirement) => Object.keys(requirement)));
      if (schemes.has('bearer') && credentials.bearer) headers.authorization = `Bearer ${credentials.bearer}`;
      if (schemes.has('sandboxSdkToken') && credentials.sandboxSdkToken)
        headers['x-access-token'] = credentials.sandboxSdkToken;
      const search = query.toString();
      const fullUrl = search ? `${url}?${search}` : url;
      const shown =
        payload === undefined ? '' : Buffer.isBuffer(payload) ? ' <multipart>' : ` ${payload.slice(0, 300)}`;
      return {
        method,
        url: fullUrl,
        headers,
        ...(payload === undefined ? {} : { payload }),
        valid: problems.length === 0,
        why: problems.join('; '),
        describe: `${method} ${fullUrl}${shown}`,
      };
    });
}
