// What `npm start` runs (OPS-20), apart from running it: tests check the plan without starting anything.
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';

/** sysexits' EX_CONFIG: both services end with it when a variable is wrong, and `npm start` then stops at once. */
export const CONFIG_ERROR_EXIT = 78;

export interface Service {
  name: 'upstream' | 'gateway';
  /** node's arguments: a compiled file alone, or `--import tsx` and a TypeScript source. */
  args: string[];
}

export type Plan =
  { ok: true; services: Service[]; buildFirst: boolean } | { ok: false; missing: string[]; message: string };

const BUILT = { upstream: 'upstream/dist/main.js', gateway: 'gateway/dist/main.js' } as const;

/** The built web where the gateway will look for it: WEB_DIST and WEB_SSR_ENTRY as gateway/src/config.ts reads them. */
function webFiles(root: string, env: NodeJS.ProcessEnv): { page: string; ssr: string } {
  const dist = resolve(root, env.WEB_DIST || 'web/dist');
  return { page: resolve(dist, 'index.html'), ssr: resolve(root, env.WEB_SSR_ENTRY || `${dist}-ssr/entry-server.js`) };
}

/**
 * OPS-20: in production, what `npm run build` wrote, run with plain node (no tsx, no devDependency), or nothing at all
 * and the list of what is missing; in development, the TypeScript sources under tsx, with the web built first when
 * it has never been (the gateway serves the built web in both).
 */
export function startPlan(root: string, env: NodeJS.ProcessEnv): Plan {
  const embedded = !env.UPSTREAM_URL;
  const web = webFiles(root, env);
  if (env.NODE_ENV === 'production') {
    const needed = [
      resolve(root, BUILT.gateway),
      web.page,
      ...(env.WEB_SSR === 'off' ? [] : [web.ssr]),
      ...(embedded ? [resolve(root, BUILT.upstream)] : []),
    ];
    const missing = needed.filter((file) => !existsSync(file)).map((file) => relative(root, file));
    if (missing.length > 0) {
      return {
        ok: false,
        missing,
        message: `NODE_ENV=production runs what \`npm run build\` wrote, and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: run \`npm run build\` first (with devDependencies installed), then \`npm start\`.`,
      };
    }
    return {
      ok: true,
      buildFirst: false,
      services: [
        ...(embedded ? [{ name: 'upstream' as const, args: [resolve(root, BUILT.upstream)] }] : []),
        { name: 'gateway', args: [resolve(root, BUILT.gateway)] },
      ],
    };
  }
  return {
    ok: true,
    buildFirst: !existsSync(web.page),
    services: [
      ...(embedded
        ? [{ name: 'upstream' as const, args: ['--import', 'tsx', resolve(root, 'upstream/src/main.ts')] }]
        : []),
      { name: 'gateway', args: ['--import', 'tsx', resolve(root, 'gateway/src/main.ts')] },
    ],
  };
}
