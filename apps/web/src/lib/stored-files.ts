import type { FileKind, UploadedFile } from '@td/shared/schemas/file';
import { api, withQuery } from '@/lib/api-client.ts';

/**
 * ARCHITECTURE differs 2: files are stored by the server (checked by content, ARCHITECTURE differs 6)
 * and answered as private app URLs, which a record's `*_url` field then links.
 */
export async function uploadStoredFile(kind: FileKind, file: File): Promise<string> {
  const body = new FormData();
  body.set('kind', kind);
  body.set('file', file);
  const { url } = await api<UploadedFile>('/api/files', { method: 'POST', body });
  return url;
}

/** Removes a stored file (SPEC 4); a file that is already gone is not an error. */
export const deleteStoredFile = (url: string) => api<void>(withQuery('/api/files', { url }), { method: 'DELETE' });
