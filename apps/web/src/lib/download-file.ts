/**
 * Saves a blob (or a blob URL already made for a preview) under `fileName` through the browser's
 * download, as an `<a download>` click does.
 */
export function downloadFile(source: Blob | string, fileName: string): void {
  const url = typeof source === 'string' ? source : URL.createObjectURL(source);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // A URL made here is released once the browser has started the download.
  if (typeof source !== 'string') setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
