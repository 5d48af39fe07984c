import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Plugin, Rollup } from 'vite';

type SourceMapInput = Rollup.SourceMapInput;

/**
 * ADR 0315: the server's build reuses what the browser's build computed for the app's makeStyles (AOT), instead of
 * evaluating every style module a second time.
 *
 * @griffel/vite-plugin (wyw-in-js) evaluates each module's styles with Babel, and that was three quarters of the
 * server build (about 19 of its 25 s). Both builds run the same source through it one after the other, and must give
 * the same class names, or the browser would not adopt the server's HTML. So the browser's build records each
 * module's input and output in its output directory (beside the rules file the server's build reads already), and
 * the server's build answers a module from that record when the module's code reaching the plugin is the same
 * (a module that reads `import.meta.env.SSR` differs, and is evaluated as before). The record lives as long as the
 * browser build it came from: written after it, read and removed by the server build that follows.
 */
export const AOT_RECORD = '.vite/griffel-aot.json';

type Transformed = { code: string; map?: SourceMapInput | null };
type AotRecord = Map<string, { input: string } & Transformed>;

const digest = (code: string) => createHash('sha256').update(code).digest('base64url');

const isObject = (value: unknown): value is { [key: string]: unknown } => typeof value === 'object' && value !== null;

function isTransformed(value: unknown): value is Transformed {
  return isObject(value) && typeof value['code'] === 'string';
}

/** The record the browser's build wrote; an entry of any other shape is left out (and evaluated again). */
function readRecord(file: string): AotRecord {
  const read: unknown = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const record: AotRecord = new Map();
  for (const [id, entry] of Object.entries(isObject(read) ? read : {})) {
    const input = isObject(entry) ? entry['input'] : undefined;
    if (typeof input === 'string' && isTransformed(entry)) record.set(id, { input, code: entry.code, map: entry.map });
  }
  return record;
}

/**
 * `aot` with its transform recorded (`record`, the browser's build) or answered from the record (`reuse`, the
 * server's). `file` is AOT_RECORD in the browser build's output directory.
 */
export function reusedAot(aot: Plugin, { role, file }: { role: 'record' | 'reuse'; file: string }): Plugin {
  const hook = aot.transform;
  const transform = typeof hook === 'function' ? hook : hook?.handler;
  if (transform === undefined) throw new Error(`${aot.name} has no transform to reuse`);
  if (aot.buildStart !== undefined) throw new Error(`${aot.name} starts builds in a way this reuse does not keep`);
  let record: AotRecord = new Map();
  return {
    ...aot,
    buildStart() {
      record = role === 'reuse' ? readRecord(file) : new Map();
    },
    async transform(code, id, options) {
      const input = digest(code);
      const seen = record.get(id);
      if (role === 'reuse' && seen?.input === input) return { code: seen.code, map: seen.map ?? null };
      const result: unknown = await transform.call(this, code, id, options);
      if (!isTransformed(result)) return null;
      // A module whose styles became a CSS file of the plugin's own imports it, and only this build can load that.
      if (role === 'record' && !result.code.includes('.wyw-in-js.css')) record.set(id, { input, ...result });
      return result;
    },
    closeBundle() {
      // The record goes once the server build has used it: it is not part of what the gateway serves.
      if (role === 'reuse') rmSync(file, { force: true });
      else {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, JSON.stringify(Object.fromEntries(record)));
      }
    },
  };
}
