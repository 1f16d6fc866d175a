import { z } from 'zod';

/**
 * Text from outside: the one place that says which characters a request may carry.
 *
 * PostgreSQL refuses NUL in text (a 500 if it gets that far), terminals and log viewers act on
 * escape codes, and a lone UTF-16 surrogate is not a character at all (it cannot be encoded
 * as UTF-8 and would silently become U+FFFD on the way to the database). None of them is ever
 * part of a name, an address or a token, so every request string refuses them before any
 * handler sees it. Tab, line feed and carriage return are refused too, except in the few
 * fields where several lines are legitimate (`multiline`).
 */

/* eslint-disable no-control-regex -- matching control characters is this file's whole purpose */

/** C0 controls except tab, LF and CR, and DEL: never legitimate in any field. */
const ALWAYS_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Every C0 control and DEL: what a single-line field refuses. */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/*
 * The same rules as whole-string patterns, so that they reach the OpenAPI document (a
 * `pattern` is what a schema-driven client or fuzzer can see; a refinement is not).
 */
const SINGLE_LINE_PATTERN = /^[^\u0000-\u001F\u007F]*$/;
const MULTILINE_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
/** Any control character or surrogate half, for making text safe to echo. */
const UNPRINTABLE = /[\u0000-\u001F\u007F\uD800-\uDFFF]/g;

/* eslint-enable no-control-regex */

/** `value` with control characters and surrogate halves replaced by "?": safe to echo in a message or a log. */
export function printableText(value: string, max = 80): string {
  return value.replace(UNPRINTABLE, '?').slice(0, max);
}

/**
 * Starts with "Invalid input" on purpose: the API's error plugin then prefixes the field's
 * path, so the 400 reads "identifier: Invalid input: control characters ...".
 */
export const CONTROL_CHARACTER_MESSAGE = 'Invalid input: control characters (such as NUL) are not allowed';
export const LONE_SURROGATE_MESSAGE = 'Invalid input: the text is not valid Unicode';

export interface TextOptions {
  /** Trim surrounding whitespace after the length limit, before any minimum (default true; never for passwords). */
  trim?: boolean;
  /** Allow tab, line feed and carriage return (comments, messages). */
  multiline?: boolean;
  /** Message of the length check. */
  maxMessage?: string;
  /** Message when the value is missing or not a string. */
  required?: string;
}

/** Why a string may not be accepted, or undefined when it may. */
export function unsafeTextReason(value: string, options: { multiline?: boolean } = {}): string | undefined {
  if ((options.multiline ? ALWAYS_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value)) return CONTROL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(value)) return LONE_SURROGATE_MESSAGE;
  return undefined;
}

/**
 * The base of every request string: refuses control characters and lone surrogates, and
 * bounds the length (every field has a limit, checked before any database sees the value).
 * A zod string, so fields add their own rules: `text(30).min(3).regex(...)`.
 */
export function text(max: number, options: TextOptions = {}) {
  const base = z
    .string(options.required ? { error: options.required } : undefined)
    .regex(options.multiline ? MULTILINE_PATTERN : SINGLE_LINE_PATTERN, CONTROL_CHARACTER_MESSAGE)
    .refine((v) => !LONE_SURROGATE.test(v), LONE_SURROGATE_MESSAGE);
  // The limit is checked on the text as sent, before trimming: the OpenAPI document's
  // `maxLength` can only speak of that, and a client kept under it is never surprised.
  const bounded = base.max(max, options.maxMessage ?? `At most ${max} characters`);
  return options.trim === false ? bounded : bounded.trim();
}

/**
 * Where, in a parsed request (body, query, params, headers), a string holds a character no
 * field ever accepts: the API's safety net runs this before validation, so a route whose
 * schema forgot `text()` still cannot pass a NUL to the database. Single-line rules stay with
 * each field's schema. Returns the dotted path of the first offender.
 */
export function findForbiddenText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') {
    return ALWAYS_FORBIDDEN.test(value) || LONE_SURROGATE.test(value) ? path : undefined;
  }
  // Deeper than any request schema nests; past it the schema refuses the shape anyway.
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbiddenText(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  // Raw bytes (a signed webhook's body) are not text: their own parser checks them.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (ALWAYS_FORBIDDEN.test(key) || LONE_SURROGATE.test(key)) return at;
    const found = findForbiddenText(item, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The characters `String.prototype.trim` (so zod's `.trim()`) removes, as the body of a regex
 * character class. Spelled out rather than `\s`, which means more in other regex dialects
 * (Python's, which schemathesis uses, counts \x1c-\x1f as space): a pattern in the OpenAPI
 * document must mean the same to every reader.
 */
export const TRIMMED_WHITESPACE =
  '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
