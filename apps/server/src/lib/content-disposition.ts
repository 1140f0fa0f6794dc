/**
 * A `Content-Disposition` header value for a download: `inline` (shown in the browser's viewer, as the
 * letter preview needs) or `attachment`, with an ASCII `filename` for old clients and the exact name
 * in `filename*` (RFC 6266 / RFC 5987).
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  // The ASCII name keeps what it can of the letters: accents dropped (Nguyễn -> Nguyen), the rest `_`.
  const fallback =
    fileName
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'd' : 'D'))
      .replace(/[^A-Za-z0-9._ -]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
