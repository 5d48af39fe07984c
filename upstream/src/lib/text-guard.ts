import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isBlank, textMessage, unsafeCharacter } from '@pharma/domain/text';
import { formError } from './http';

/** Bodies and queries are qs-parsed to depth 5 (app.ts); JSON bodies are bounded the same way here. */
const MAX_DEPTH = 8;

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container =>
  Array.isArray(value) ||
  (typeof value === 'object' &&
    value !== null &&
    (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null));

/**
 * VAL-20 and VAL-23 over one parsed body or query, in place: the first string holding a character the rule refuses
 * is answered as a form error (422) on its field, `params.0.goods_name` as fieldsOf names it; a blank string
 * (spaces and zero-width characters only) becomes '' so every field's own rule reads it as empty. Tab and line
 * breaks pass here: which fields are one-line is the gateway's per-field knowledge (VAL-21); what PostgreSQL and
 * pages must never hold is refused for every caller.
 */
export function guardStrings(input: unknown): void {
  if (!isContainer(input)) return;
  const stack: { container: Container; path: string; depth: number }[] = [{ container: input, path: '', depth: 1 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { container, path, depth } = item;
    for (const [key, value] of Object.entries(container)) {
      const field = path === '' ? key : `${path}.${key}`;
      if (typeof value === 'string') {
        const problem = unsafeCharacter(value, true);
        if (problem !== undefined) throw formError({ [field]: [textMessage(problem, field)] });
        if (value !== '' && isBlank(value)) Reflect.set(container, key, '');
      } else if (isContainer(value)) {
        if (depth >= MAX_DEPTH) throw formError({ [field]: [`${field}嵌套过深`] });
        stack.push({ container: value, path: field, depth: depth + 1 });
      }
    }
  }
}

/**
 * VAL-20, VAL-23 for every route in one place (ADR 0215): before any route's own validation reads the query, path or
 * body, so U+0000 never reaches PostgreSQL (which refuses it with a 500) whatever client called.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    guardStrings(request.params);
    guardStrings(request.query);
    guardStrings(request.body);
  });
}
