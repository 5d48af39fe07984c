import { FormData } from 'undici';
import type { UpstreamSession } from '../../rest/client';
import type { QualificationMapper, UploadedFileMapper } from './mappers';

export async function fetchQualifications(upstream: UpstreamSession): Promise<QualificationMapper[]> {
  return (await upstream.get('/api/user/zizhi')).data;
}

export async function fetchBusinessScope(upstream: UpstreamSession): Promise<string[]> {
  return (await upstream.get('/api/user/jyfw')).data.map((scope) => scope.name);
}

export async function postUserInfo(upstream: UpstreamSession, form: { name: string; phone: string }) {
  return (await upstream.post('/api/user/updateUserInfo', { form })).data;
}

export async function postPasswordChange(
  upstream: UpstreamSession,
  form: { old_password: string; password: string; password_confirmation: string },
) {
  return (await upstream.post('/api/user/resetPassword', { form })).data;
}

export type UpstreamPurpose = 'qualification' | 'return' | 'transfer' | 'feedback';

/**
 * Forwards an upload as multipart with undici's FormData. The bytes are read once (at most the gateway's upload
 * limit): the File Yoga hands over is the web's File, not necessarily undici's Blob.
 */
export async function postUpload(
  upstream: UpstreamSession,
  file: File,
  purpose: UpstreamPurpose,
): Promise<UploadedFileMapper> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([await file.arrayBuffer()], { type: file.type }), file.name);
  return (await upstream.postMultipart('/api/user/upload', form)).data;
}

export async function postScan(upstream: UpstreamSession, id: string, fileId: string): Promise<QualificationMapper> {
  return (await upstream.post('/api/user/zizhi/{id}', { path: { id }, form: { file_id: fileId } })).data;
}
