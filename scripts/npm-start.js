// `npm start`'s first step, in plain JavaScript because it runs before anything is compiled (OPS-20): in production
// it runs the bundle `npm run build` wrote (dist/start.js) with plain node, since tsx is a devDependency; in
// development it runs scripts/start.ts from source under tsx. The work itself is in start.ts and start-plan.ts.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/start.js', import.meta.url);
if (process.env.NODE_ENV === 'production') {
  if (!existsSync(bundle)) {
    console.error(
      'npm start: NODE_ENV=production runs what `npm run build` wrote, and dist/start.js is missing: ' +
        'run `npm run build` first (with devDependencies installed), then `npm start`.',
    );
    process.exit(1);
  }
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./start.ts');
}
