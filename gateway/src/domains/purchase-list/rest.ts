import { FormData } from 'undici';
import type { UpstreamSession } from '../../rest/client';
import type { PurchaseListImportPayloadMapper, PurchaseListMatchMapper } from './mappers';

/**
 * IMPORT-01: the list goes to the upstream, which reads and matches it, always as multipart: an upload as the file it
 * is, pasted text as a field, which multipart carries up to 1 MB where a form body stops at 64 KB.
 */
export async function postMatch(
  upstream: UpstreamSession,
  list: { text: string } | { file: File },
  mapping?: Readonly<Record<string, string>>,
): Promise<PurchaseListMatchMapper> {
  const form = new FormData();
  // IMPORT-17: the mapping first, as the form body writes it, so the upstream has it before the file.
  for (const [field, index] of Object.entries(mapping ?? {})) form.append(`columns[${field}]`, index);
  if ('file' in list) {
    form.append('file', new Blob([await list.file.arrayBuffer()], { type: list.file.type }), list.file.name);
  } else {
    form.append('text', list.text);
  }
  return (await upstream.postMultipart('/api/cart/match', form)).data;
}

export async function postImport(
  upstream: UpstreamSession,
  lines: readonly { goods_id: string; number: number }[],
): Promise<PurchaseListImportPayloadMapper> {
  const { data, message } = await upstream.post('/api/cart/import', {
    form: { params: lines },
    arrayFormat: 'indices',
  });
  return { ...data, message };
}
