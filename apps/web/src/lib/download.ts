/** Saving a fetched file on the user's device, named the way the server's Content-Disposition header says. */

const EXTENDED_FILENAME = /(?:^|;)\s*filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i;
const QUOTED_FILENAME = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i;
const TOKEN_FILENAME = /(?:^|;)\s*filename\s*=\s*([^";\s][^;]*)/i;

function decodeExtended(charset: string, encoded: string): string | null {
  // RFC 8187 allows only UTF-8 and ISO-8859-1; browsers and servers send UTF-8 for anything non-ASCII.
  if (charset && !/^utf-8$/i.test(charset)) return null;
  try {
    return decodeURIComponent(encoded.trim());
  } catch {
    return null;
  }
}

/**
 * The file name of a Content-Disposition header (RFC 6266): the UTF-8 `filename*` when present, since it carries the
 * Chinese name, else the plain `filename`. Any folder part is dropped. Null when the header names no file.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = EXTENDED_FILENAME.exec(header);
  const quoted = QUOTED_FILENAME.exec(header);
  const token = TOKEN_FILENAME.exec(header);
  const name =
    (extended && decodeExtended(extended[1]!, extended[2]!)) ??
    (quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : null) ??
    (token ? token[1]!.trim() : null);
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : null;
}

/** Hands a blob to the browser as a download; the object URL is released once the click has been dispatched. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start reading the URL after the click returns; give them a moment before revoking it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
