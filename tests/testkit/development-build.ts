// A build of the web whose browser bundle carries React's development build, for the hydration suite (SSR-01): the
// production build reports a mismatch as a bare error number (#418), and only when text differs; the development
// build names every difference (attributes, text, invalid nesting) with the components around it.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The build's directory under web/ as WEB_OUT_DIR names it (web/vite.config.ts); its server bundle goes in `-ssr`. */
export const DEVELOPMENT_WEB_OUT_DIR = 'dist-development';

export const developmentWebDist = resolve(import.meta.dirname, '../../web', DEVELOPMENT_WEB_OUT_DIR);

/** Whether the build is there, browser files and server bundle both. */
export const developmentBuildExists = (): boolean =>
  existsSync(join(developmentWebDist, 'index.html')) && existsSync(`${developmentWebDist}-ssr/entry-server.js`);

/** What makes it (scripts/test.ts runs it before the browser suites). */
export const DEVELOPMENT_BUILD_COMMAND = 'node --import tsx tests/testkit/build-development-web.ts';
