import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import { Wording } from '@pharma/domain/wording';
import { payloadTooLargeText } from '@pharma/domain/text';

/** The `extensions.code` values of contract.md's error table. */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'BAD_USER_INPUT'
  | 'CONTRACT_REQUIRED'
  | 'BUSINESS_ERROR'
  | 'UPSTREAM_UNAVAILABLE'
  | 'UPSTREAM_TIMEOUT'
  | 'RATE_LIMITED'
  | 'PERSISTED_QUERY_NOT_FOUND'
  | 'PERSISTED_QUERY_ID_REQUIRED'
  | 'PAYLOAD_TOO_LARGE';

export const UNAVAILABLE_MESSAGE = Wording.busy;
export const TIMEOUT_MESSAGE = Wording.timeout;
const LOGIN_MESSAGE = Wording.loginFirst;

export type FieldErrors = Record<string, string[]>;

// The HTTP status of the upstream answer behind an error, for the REST layer only (a 404 becomes null where the
// schema says so); kept out of `extensions` so it never reaches a client.
const upstreamStatuses = new WeakMap<GraphQLError, number>();

/**
 * A failure the buyer's screen knows how to show. Made by Yoga's own `createGraphQLError`, so it is an instance of
 * the very `GraphQLError` Yoga's masking checks even when a bundler (vitest) loads a second copy of graphql for our
 * sources; built without `originalError`, so nothing of the upstream (URL, stack) travels with it.
 */
function gatewayError(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}, status?: number) {
  const error = createGraphQLError(message, { extensions: { ...extensions, code } });
  if (status !== undefined) upstreamStatuses.set(error, status);
  return error;
}

export const unauthenticated = (message?: string): GraphQLError =>
  gatewayError('UNAUTHENTICATED', message || LOGIN_MESSAGE, { redirect: '/login' }, 401);

export const contractRequired = (message: string): GraphQLError =>
  gatewayError('CONTRACT_REQUIRED', message, { redirect: '/dzht' }, 459);

export const unavailable = (): GraphQLError => gatewayError('UPSTREAM_UNAVAILABLE', UNAVAILABLE_MESSAGE);

export const timedOut = (): GraphQLError => gatewayError('UPSTREAM_TIMEOUT', TIMEOUT_MESSAGE);

/** Too many attempts (ERR-09): `retryAfter` is whole seconds until the next attempt may succeed. */
export const rateLimited = (retryAfterSeconds: number): GraphQLError =>
  gatewayError('RATE_LIMITED', Wording.rateLimited, { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) }, 429);

/**
 * ERR-20: a body or upload over its limit (HTTP 413). `fields` and the message are the upstream's when it named the
 * field (an upload's `file`: 文件不能超过5MB), so a form can show the message beside it.
 */
export const payloadTooLarge = (limitBytes: number, fields?: FieldErrors, message?: string): GraphQLError =>
  gatewayError(
    'PAYLOAD_TOO_LARGE',
    message || payloadTooLargeText(limitBytes),
    { limitBytes, ...(fields === undefined ? {} : { fields }) },
    413,
  );

export const business = (message: string, upstreamCode: number, status?: number): GraphQLError =>
  gatewayError('BUSINESS_ERROR', message || UNAVAILABLE_MESSAGE, { upstreamCode }, status);

/** A form error: the message is the first message of the first field, as the old client showed it. */
export function badUserInput(fields: FieldErrors, fallback = '输入有误'): GraphQLError {
  const first = Object.values(fields).find((messages) => messages.length > 0)?.[0];
  return gatewayError('BAD_USER_INPUT', first ?? fallback, { fields }, 422);
}

/**
 * An upstream form error names the REST fields (old_password, invite_code); the schema's inputs are camelCase, so a
 * client reads `fields.oldPassword`. Renames the fields of a BAD_USER_INPUT by `names`; any other error is returned
 * as it was.
 */
export function withSchemaFieldNames(names: Readonly<Record<string, string>>, error: unknown): unknown {
  if (errorCodeOf(error) !== 'BAD_USER_INPUT') return error;
  const { extensions, message } = error as { extensions: { fields?: FieldErrors }; message: string };
  const renamed: FieldErrors = {};
  for (const [field, messages] of Object.entries(extensions.fields ?? {})) renamed[names[field] ?? field] = messages;
  return badUserInput(renamed, message);
}

/** Runs a call whose form errors are reported with the schema's field names (withSchemaFieldNames). */
export async function withFieldNames<T>(names: Readonly<Record<string, string>>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw withSchemaFieldNames(names, error);
  }
}

/** The contract code of an error made here, or undefined for anything else. */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  if (typeof error !== 'object' || error === null || !('extensions' in error)) return undefined;
  const { extensions } = error as { extensions?: { code?: unknown } };
  return typeof extensions?.code === 'string' ? (extensions.code as ErrorCode) : undefined;
}

export function upstreamStatusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null ? upstreamStatuses.get(error as GraphQLError) : undefined;
}

/**
 * The upstream's business code behind a BUSINESS_ERROR (a 400 answer's 4xxxx), so a mutation can turn the refusals
 * it expects (sold out, balance too low) into typed userErrors and let every other failure stay an error.
 */
export function upstreamCodeOf(error: unknown): number | undefined {
  if (errorCodeOf(error) !== 'BUSINESS_ERROR') return undefined;
  const { extensions } = error as { extensions: { upstreamCode?: unknown } };
  return typeof extensions.upstreamCode === 'number' ? extensions.upstreamCode : undefined;
}

/**
 * A GraphQL enum value from the upstream's numeric or string code. A code outside the contract is a broken answer
 * (UPSTREAM_UNAVAILABLE on that field): failing the field beats showing a wrong status.
 */
export function fromUpstreamCode<K extends number | string, T>(table: Record<K, T>, code: unknown): T {
  const key = String(code);
  if (!Object.hasOwn(table, key)) throw unavailable();
  return (table as Record<string, T>)[key] as T;
}
