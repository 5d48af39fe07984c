// Builds the web for the hydration suite (tests/testkit/development-build.ts) into web/dist-development and
// web/dist-development-ssr, beside the production build, which it leaves alone.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { DEVELOPMENT_WEB_OUT_DIR } from './development-build';

const web = resolve(import.meta.dirname, '../../web');
// Vite bundles React's development build into the browser's files only when NODE_ENV says so, and the server bundle
// (web/vite.config.ts) takes React's development server renderer in any mode but production. Both halves must be
// development builds: Griffel names its classes differently in one (`___1bbcerp_0000000`), so a production server
// bundle would differ from the browser's on every element.
// StrictMode's second render of every component and second run of every effect check purity, not hydration, and were
// a sixth of the suite's work (ADR 0225): this build leaves them out.
const env = {
  ...process.env,
  NODE_ENV: 'development',
  WEB_OUT_DIR: DEVELOPMENT_WEB_OUT_DIR,
  VITE_STRICT_MODE: 'off',
};
for (const args of [
  ['vite', 'build', '--mode', 'development'],
  ['vite', 'build', '--ssr', '--mode', 'development'],
]) {
  const { status } = spawnSync('npx', args, { cwd: web, env, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
