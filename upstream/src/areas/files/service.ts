/** Uploaded files (FILE-01..FILE-03 in docs/product.md): judged by their content, kept in the store, owner-only. */
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { Code } from '@pharma/domain/codes';
import type { Db } from '../../db/db';
import { ApiError, formError, iso, notFound } from '../../lib/http';
import * as store from './store';
import type { FileMeta, FileMime, FilePurpose } from './store';

/** FILE-01: the largest upload, 5 MB. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const PURPOSES: readonly FilePurpose[] = ['qualification', 'return', 'transfer', 'feedback'];
const ALLOWED: ReadonlySet<string> = new Set<FileMime>(['image/jpeg', 'image/png', 'application/pdf']);
const isAllowedMime = (mime: string): mime is FileMime => ALLOWED.has(mime);
const EXTENSIONS: Record<FileMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

export const fileNotFound = () => notFound('文件不存在');
export const TOO_LARGE_TEXT = '文件不能超过5MB';
export const WRONG_TYPE_TEXT = '只能上传JPG、PNG图片或PDF文件';
/**
 * 413 with the form error's code and field, so every tier shows it as a message on the file field, and the limit
 * (ERR-20: the gateway answers PAYLOAD_TOO_LARGE with `limitBytes`).
 */
export const tooLarge = () =>
  new ApiError(413, Code.FORM_ERROR, TOO_LARGE_TEXT, { file: [TOO_LARGE_TEXT], limit_bytes: MAX_FILE_BYTES });

/**
 * The name a file keeps: the last path segment the browser sent, without control characters, at most 100
 * characters; nothing left becomes `文件.<ext>`.
 */
export function cleanName(raw: string, mime: FileMime): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is taken out
  const clean = [...base.replace(/[\u0000-\u001f\u007f"]/g, '').trim()].slice(0, 100).join('');
  return clean === '' || clean === '.' || clean === '..' ? `文件.${EXTENSIONS[mime]}` : clean;
}

export interface FileDto {
  id: number;
  purpose: FilePurpose;
  name: string;
  mime: FileMime;
  size: number;
  /** Where the owner reads the bytes back, relative to the API's origin. */
  url: string;
  created_at: string;
}

export const fileUrl = (id: number) => `/api/user/file/${id}`;

function toDto(meta: FileMeta): FileDto {
  return { ...meta, url: fileUrl(meta.id), created_at: iso(meta.created_at) };
}

/** FILE-01: stores an upload of the user when its content is a JPEG, PNG or PDF of at most 5 MB. */
export async function uploadFile(
  db: Db,
  userId: number,
  upload: { purpose: FilePurpose; filename: string; bytes: Uint8Array },
): Promise<FileDto> {
  if (upload.bytes.byteLength === 0) throw formError({ file: ['文件是空的，请重新选择'] });
  if (upload.bytes.byteLength > MAX_FILE_BYTES) throw tooLarge();
  // The content decides, never the name or the declared type: a script renamed .jpg is refused here.
  const detected = await fileTypeFromBuffer(upload.bytes);
  if (detected === undefined || !isAllowedMime(detected.mime)) throw formError({ file: [WRONG_TYPE_TEXT] });
  const mime = detected.mime;
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const meta = await store.insertFile(db, userId, {
    purpose: upload.purpose,
    name: cleanName(upload.filename, mime),
    mime,
    sha256,
    bytes: upload.bytes,
  });
  if (meta === undefined) throw new Error('file insert answered no row');
  return toDto(meta);
}

/** FILE-01: one of the user's files with its bytes; another user's file answers exactly as an unknown id. */
export async function ownFile(db: Db, userId: number, id: number) {
  const file = await store.findOwnFile(db, userId, id);
  if (file === undefined) throw fileNotFound();
  return file;
}

/**
 * FILE-02: `inline` with an ASCII fallback name and the real name in RFC 5987 form, so no quote, semicolon or line
 * break of a buyer's file name reaches the header as syntax.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9._-]/g, '_');
  return `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
