import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compression } from 'vite-plugin-compression2';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import griffelAot from '@griffel/vite-plugin';
import { AOT_RECORD, reusedAot } from './vite-aot-reuse.ts';
import { griffelCss, RULES_FILE } from './vite-griffel-css.ts';
import { webConfigDefine, webConfigFor, type WebConfig } from './config.ts';

const generatedDocuments = fileURLToPath(new URL('./src/gql/graphql.ts', import.meta.url));

/**
 * What the codegen client preset's babel plugin does, for a build without babel: each `graphql(\`...\`)` call
 * is replaced by that one generated document (a JSON syntax tree), so a chunk carries only the documents it
 * uses instead of the preset's map of every document in the app (ADR 0302). Types are unchanged: TypeScript
 * still sees the `graphql()` overloads.
 */
function graphqlDocumentInlining(): Plugin {
  const call = /\bgraphql\(\s*`\s*(query|mutation|subscription|fragment)\s+([A-Za-z_]\w*)[^`]*`\s*\)/g;
  // Matches codegen's own declarations: an object literal cast twice to a typed DocumentNode (generated, not ours).
  const declaration = /^export const (\w+) = (\{.*\}) as\s+unknown\s+as\s+DocumentNode<.*$/gm;
  const exportName = (kind: string, name: string) => {
    // The preset's naming: each underscore-separated part starts upper-case (CartBadge_cart -> CartBadge_Cart).
    const pascal = name
      .split('_')
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('_');
    return kind === 'fragment' ? `${pascal}FragmentDoc` : `${pascal}Document`;
  };
  // Read once per build (and again if codegen rewrote the file meanwhile, as a watching developer's may), not once
  // per module that calls graphql(): the generated file is large, and hundreds of modules do.
  let read: { mtimeMs: number; byName: Map<string, string> } | undefined;
  const documents = () => {
    const { mtimeMs } = statSync(generatedDocuments);
    if (read?.mtimeMs === mtimeMs) return read.byName;
    const byName = new Map<string, string>();
    for (const [, name, json] of readFileSync(generatedDocuments, 'utf8').matchAll(declaration)) {
      if (name && json) byName.set(name, json);
    }
    read = { mtimeMs, byName };
    return byName;
  };
  return {
    name: 'graphql-document-inlining',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/web\/src\/.*\.tsx?$/.test(id) || id.includes('/src/gql/') || !code.includes('graphql(`')) return null;
      const byName = documents();
      const out = code
        .replace(call, (_match, kind: string, name: string) => {
          const json = byName.get(exportName(kind, name));
          if (!json) this.error(`No generated document for ${kind} ${name}: run \`npm run codegen\`.`);
          return json;
        })
        .replace(/^import \{ graphql \} from '[./]+\/gql';\r?\n/m, '');
      return { code: out, map: null };
    },
  };
}

/**
 * SEC-20: the build's trusted documents, `{ "<sha256 hex>": "<document text>" }` as codegen wrote them beside the
 * documents it inlines above, copied to <outDir>/persisted-documents.json for the gateway to load at start. A build
 * without them would send hashes no gateway knows.
 */
function persistedDocumentsManifest(): Plugin {
  const manifestPath = fileURLToPath(new URL('./src/gql/persisted-documents.json', import.meta.url));
  return {
    name: 'persisted-documents-manifest',
    generateBundle() {
      let manifest: unknown;
      try {
        manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      } catch (error) {
        this.error(`No persisted documents in ${manifestPath}: run \`npm run codegen\` (${String(error)}).`);
      }
      if (typeof manifest !== 'object' || manifest === null || Object.keys(manifest).length === 0) {
        this.error(`${manifestPath} lists no documents.`);
      }
      this.emitFile({ type: 'asset', fileName: 'persisted-documents.json', source: JSON.stringify(manifest) });
    },
  };
}

/**
 * index.html names the site before any script runs: in its title and in the loading shell that is the first paint
 * (the bundle takes seconds on a slow phone; ADR 0306).
 */
function siteTitleInHtml(config: WebConfig): Plugin {
  return {
    name: 'site-title-in-html',
    transformIndexHtml: (html) => html.replaceAll('%SITE_TITLE%', config.siteTitle),
  };
}

// The gateway serves web/dist and /graphql on one origin in production; the dev server mirrors that with a proxy
// so the session cookie stays first-party.
export default defineConfig(({ command, mode, isSsrBuild }) => {
  const config = webConfigFor(mode, fileURLToPath(new URL('.', import.meta.url)));
  // WEB_OUT_DIR lets several checkouts' builds sit side by side (a helper's browser tests read their own).
  const outDir = process.env['WEB_OUT_DIR'] ?? 'dist';
  const root = new URL('./', import.meta.url);
  return {
    plugins: [
      graphqlDocumentInlining(),
      react(),
      // ADR 0311: the app's makeStyles evaluated at build time (AOT, as Fluent's own components are published), then
      // every component's CSS moved into one cached stylesheet. The development server, and the development build
      // the hydration test runs (SSR-01: React's development build, both halves alike), keep run-time styles.
      ...(command === 'build' && mode !== 'development'
        ? [
            {
              ...reusedAot(
                griffelAot({
                  include: [/\/web\/src\/.*\.tsx?$/],
                  // wyw-in-js evaluates the modules a style imports (shared GriffelStyle objects in .ts files) with
                  // Babel.
                  babelOptions: { presets: ['@babel/preset-typescript'] },
                }),
                // ADR 0315: the server's build reuses what the browser's build (always first) evaluated.
                {
                  role: isSsrBuild ? 'reuse' : 'record',
                  file: fileURLToPath(new URL(`${outDir}/${AOT_RECORD}`, root)),
                },
              ),
              apply: 'build' as const,
            },
            griffelCss({ emit: !isSsrBuild, rulesFile: fileURLToPath(new URL(`${outDir}/${RULES_FILE}`, root)) })
              .plugin,
          ]
        : []),
      siteTitleInHtml(config),
      // The browser's build only: the server bundle beside it is never served, and sends the same hashes.
      ...(isSsrBuild ? [] : [persistedDocumentsManifest()]),
      // The gateway's static server (sirv) sends a file's .br or .gz twin when the browser accepts it: on a slow
      // phone network the scripts arrive in a third of the bytes, compressed once at build time at full strength.
      // The HTML is a template the gateway renders into, never sent as it is built.
      // Neither the build's own records (.vite/: the manifest, the rules, read from disk by the gateway and the server
      // build) nor the development build (SSR-01's hydration suite) are ever sent over a network.
      ...(isSsrBuild || mode === 'development'
        ? []
        : [compression({ include: /\.(js|css|svg|json)$/, exclude: /(^|\/)\.vite\//, threshold: 1024 })]),
    ],
    define: {
      ...webConfigDefine(config),
      // The server bundle inlines React's server renderer, which otherwise picks its development build (several
      // times slower) whenever the gateway's process runs with NODE_ENV other than production, tests included.
      ...(isSsrBuild
        ? { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development') }
        : {}),
    },
    server: {
      proxy: {
        '/graphql': { target: 'http://localhost:4000', changeOrigin: false },
        // Uploaded files are read through the gateway with the buyer's session (FILE-02).
        '/files': { target: 'http://localhost:4000', changeOrigin: false },
        // E-invoice PDFs are relayed by the gateway with the buyer's session too (INVOICE-04).
        '/invoices': { target: 'http://localhost:4000', changeOrigin: false },
        // The order export and the monthly statement too (ORDER-18); /order itself is a page of the app.
        '^/orders/(export|statement)': { target: 'http://localhost:4000', changeOrigin: false },
        // First-business documents (FIRST-06).
        '/first-business': { target: 'http://localhost:4000', changeOrigin: false },
      },
    },
    // The server entry (ADR 0310) is one self-contained module the gateway imports: no package of the web is resolved
    // at run time from the gateway's side of the tree.
    ssr: { noExternal: true },
    build: isSsrBuild
      ? {
          // Beside the browser's files, never among them: the gateway serves <outDir> to anyone.
          outDir: `${outDir}-ssr`,
          emptyOutDir: true,
          target: 'node20',
          copyPublicDir: false,
          rollupOptions: { input: 'src/entry-server.tsx' },
        }
      : {
          outDir,
          emptyOutDir: true,
          // scripts/bundle-size.ts reads the manifest to find what the first page load fetches.
          manifest: true,
          target: 'es2022',
          // The budget that matters is the home route's gzip size, enforced by `npm run size` (ADR 0302); the entry
          // chunk is one ~560 KB raw file by design (React, the router and Apollo load together anyway).
          chunkSizeWarningLimit: 600,
          // React, the router and Apollo (with their helpers) in one chunk rather than the dozen small shared chunks
          // Rolldown would otherwise cut them into: every page loads all of them anyway, and one file compresses
          // better and costs one request instead of twelve (3.6 KB less gzip before the home renders).
          // The other small shared chunks stay files (ADR 0316): inlining them halved the requests, but added 40% to the
          // scripts a buyer downloads and put the home route over its budget.
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'vendor',
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router|@apollo[\\/]client|graphql|rxjs|optimism|@wry|tslib)[\\/]/,
                  },
                ],
              },
            },
          },
        },
  };
});
