import { Code, SUCCESS as SUCCESS_CODE } from '@pharma/domain/codes';
import { parseRecordId } from '@pharma/domain/validation';
import { Wording } from '@pharma/domain/wording';
import { z } from 'zod';

/** The envelope every JSON answer carries (docs/rest-api.md). */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const SUCCESS = SUCCESS_CODE;

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: SUCCESS, message, data };
}

/** An answer other than success: HTTP status, the body's code and a message the buyer may read. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const notLoggedIn = () => new ApiError(401, Code.NOT_LOGGED_IN, Wording.loginFirst);
export const notFound = (message: string) => new ApiError(404, Code.NOT_FOUND, message);

/** 422 with `data` as `{ field: [messages] }`; the message is the first message of the first field. */
export function formError(fields: Record<string, string[]>): ApiError {
  const first = Object.values(fields)[0]?.[0] ?? Wording.formInvalid;
  return new ApiError(422, Code.FORM_ERROR, first, fields);
}

export function fieldsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** Parses input with a zod schema, turning a failure into the 422 form error. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw formError(fieldsOf(result.error));
  return result.data;
}

/** A path or body id (VAL-04): a positive 32-bit integer written in decimal digits. */
export const parseId = (value: unknown): number | undefined => parseRecordId(value);

/** The record id of a path parameter, or the area's not-found refusal: a malformed id names no record. */
export function pathId(params: unknown, name: string, missing: () => ApiError): number {
  const value = typeof params === 'object' && params !== null && name in params ? Reflect.get(params, name) : undefined;
  const id = parseRecordId(value);
  if (id === undefined) throw missing();
  return id;
}

/** A whole number written as digits (form fields are strings) or sent as a JSON integer. */
export function wholeNumber(message: string, min: number, max = 2147483647) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
}

export const idField = (message: string) => wholeNumber(message, 1);

/** A 0/1 flag as the old client sent it. */
export function flag(message: string) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const s = String(value).trim();
    if (s !== '0' && s !== '1') {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return s === '1' ? 1 : 0;
  });
}

/** Form arrays arrive as `ids[]=4&ids[]=5`; a single `ids=4` means a list of one. */
export function listOf<T extends z.ZodType>(item: T, message: string, max: number) {
  return z.preprocess(
    (v) => (v === undefined || Array.isArray(v) ? v : [v]),
    z.array(item, { error: message }).min(1, message).max(max, `一次最多操作${max}条`),
  );
}

/** A timestamp as the REST answers carry it: ISO 8601 in UTC (PGlite and pg hand back Date or text). */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
