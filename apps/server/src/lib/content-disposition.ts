/**
 * A `Content-Disposition` header value for a download: `inline` (shown in the browser's viewer, as the
 * letter preview needs) or `attachment`, with an ASCII `filename` for old clients and the exact name
 * in `filename*` (RFC 6266 / RFC 5987).
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^A-Za-z0-9._ -]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
