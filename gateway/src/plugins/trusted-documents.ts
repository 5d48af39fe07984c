import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { Kind, parse } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Config } from '../config';
import type { ErrorCode } from '../errors';

/** `allow`: hashes and any text; `only`: nothing but the hashes of trusted documents (SEC-21). */
export type TrustedDocumentsMode = 'allow' | 'only';

/** The name the web build writes its manifest under, in WEB_DIST (SEC-20). */
export const WEB_MANIFEST = 'persisted-documents.json';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * Unset, production accepts only trusted documents and every other environment any text as well, so GraphiQL and
 * tests keep running what they type (SEC-21).
 */
export function trustedDocumentsMode(config: Pick<Config, 'TRUSTED_DOCUMENTS' | 'NODE_ENV'>): TrustedDocumentsMode {
  return config.TRUSTED_DOCUMENTS ?? (config.NODE_ENV === 'production' ? 'only' : 'allow');
}

/**
 * One manifest, `{ "<sha256 hex>": "<document>" }`. A key that is not its document's sha256 is refused, not skipped:
 * a gateway that started anyway would answer that hash with a document its client never sent (SEC-22).
 */
export function readManifest(path: string): Map<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Trusted documents: cannot read ${path}`, { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`Trusted documents: ${path} is not an object of { "<sha256 hex>": "<document>" }`);
  }
  const documents = new Map<string, string>();
  for (const [hash, document] of Object.entries(parsed)) {
    if (typeof document !== 'string') throw new Error(`Trusted documents: ${path}: ${hash} is not a document's text`);
    if (!SHA256_HEX.test(hash) || createHash('sha256').update(document).digest('hex') !== hash) {
      throw new Error(`Trusted documents: ${path}: ${hash} is not the sha256 (hex) of its document`);
    }
    documents.set(hash, document);
  }
  return documents;
}

/**
 * Every trusted document the gateway answers by hash: the web build's (WEB_DIST/persisted-documents.json, SEC-20)
 * and each manifest published for a mobile app version (`*.json` in PERSISTED_DOCUMENTS_DIR, SEC-22). Read once at
 * start; a manifest changes only with a deployment.
 */
export function loadTrustedDocuments(
  config: Pick<Config, 'WEB_DIST' | 'PERSISTED_DOCUMENTS_DIR'>,
  mode: TrustedDocumentsMode,
): Map<string, string> {
  const documents = new Map<string, string>();
  const webManifest = join(config.WEB_DIST, WEB_MANIFEST);
  if (existsSync(webManifest)) {
    for (const [hash, document] of readManifest(webManifest)) documents.set(hash, document);
  } else if (mode === 'only' && existsSync(join(config.WEB_DIST, 'index.html'))) {
    // The web it would serve sends nothing but hashes, and every one would be refused.
    throw new Error(`Trusted documents: ${config.WEB_DIST} holds a web build without ${WEB_MANIFEST}: rebuild the web`);
  }
  const directory = config.PERSISTED_DOCUMENTS_DIR;
  if (directory !== undefined) {
    let files: string[];
    try {
      files = readdirSync(directory).filter((name) => name.endsWith('.json'));
    } catch (error) {
      throw new Error(`Trusted documents: cannot list PERSISTED_DOCUMENTS_DIR ${directory}`, { cause: error });
    }
    // Manifests of app versions overlap: one hash names one text, whichever file lists it.
    for (const name of files.sort()) {
      for (const [hash, document] of readManifest(join(directory, name))) documents.set(hash, document);
    }
  }
  return documents;
}

/**
 * Apollo's persisted-query extension (`extensions.persistedQuery.sha256Hash`) answered from the trusted documents.
 * The document's text goes on as the request's query, so Yoga's parse and validation caches hold each one once and
 * every later request by that hash skips both. An unknown hash answers PERSISTED_QUERY_NOT_FOUND, on which Apollo's
 * clients send the text again; `only` refuses that text (PERSISTED_QUERY_ID_REQUIRED), so a client can run nothing a
 * build or an app version did not publish (SEC-21).
 */
export function useTrustedDocuments(options: {
  documents: ReadonlyMap<string, string>;
  mode: TrustedDocumentsMode;
}): Plugin {
  const { documents, mode } = options;
  return usePersistedOperations({
    allowArbitraryOperations: mode === 'allow',
    getPersistedOperation: (hash) => documents.get(hash) ?? null,
    customErrors: {
      // Apollo's links retry on this code (and on the English word in the message); a buyer sees the message only
      // when the retry is refused too.
      notFound: {
        message: '查询文档未登记，请刷新页面或更新应用 (PersistedQueryNotFound)',
        extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' satisfies ErrorCode },
      },
      persistedQueryOnly: {
        message: '只接受已登记的查询文档，请刷新页面或更新应用 (PersistedQueryOnly)',
        extensions: { code: 'PERSISTED_QUERY_ID_REQUIRED' satisfies ErrorCode },
      },
      // Neither text nor hash: what Yoga answers a request without a query, which the plugin would otherwise name.
      keyNotFound: {
        message: 'Must provide query string.',
        extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
      },
    },
  });
}

/**
 * OPS-13: the operation names the trusted documents define, the only names the metrics label operations by. A
 * document that does not parse names nothing (the persisted-operations plugin refuses it when it is asked for).
 */
export function operationNamesOf(documents: ReadonlyMap<string, string>): Set<string> {
  const names = new Set<string>();
  for (const text of documents.values()) {
    try {
      for (const definition of parse(text).definitions) {
        if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) names.add(definition.name.value);
      }
    } catch {
      continue;
    }
  }
  return names;
}

/** The plugin for a gateway's configuration; throws, and so stops the start, when a manifest is wrong (SEC-22). */
export function trustedDocumentsFor(
  config: Pick<Config, 'WEB_DIST' | 'PERSISTED_DOCUMENTS_DIR' | 'TRUSTED_DOCUMENTS' | 'NODE_ENV'>,
): { plugin: Plugin; operationNames: Set<string>; documents: ReadonlyMap<string, string> } {
  const mode = trustedDocumentsMode(config);
  const documents = loadTrustedDocuments(config, mode);
  return { plugin: useTrustedDocuments({ documents, mode }), operationNames: operationNamesOf(documents), documents };
}
