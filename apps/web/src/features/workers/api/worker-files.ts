import type { FileKind, UploadedFile } from '@td/shared/schemas/file';
import { api, withQuery } from '../../../lib/api-client.ts';

/** ARCHITECTURE differs 2: files are stored by the server and answered as private app URLs. */
export async function uploadWorkerFile(kind: FileKind, file: File): Promise<string> {
  const body = new FormData();
  body.set('kind', kind);
  body.set('file', file);
  const { url } = await api<UploadedFile>('/api/files', { method: 'POST', body });
  return url;
}

/** SPEC 4: the stored file is removed first; the caller clears the form's link only when this succeeds. */
export const deleteWorkerFile = (url: string) => api<void>(withQuery('/api/files', { url }), { method: 'DELETE' });
