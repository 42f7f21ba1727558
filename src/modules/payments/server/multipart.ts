// A minimal multipart/form-data reader for the statement upload (sales.md §2: `import-statement`, multipart): the
// body arrives whole (within the import size limit), so the parts are cut out of the buffer by their boundary.
// Only what the upload needs: text fields and files, no nested multiparts.

export interface MultipartPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

/** The boundary of a `multipart/form-data; boundary=…` content type, or null. */
export function multipartBoundary(contentType: string): string | null {
  if (!/^multipart\/form-data/i.test(contentType)) return null;
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return (match?.[1] ?? match?.[2])?.trim() ?? null;
}

/** The parts of a multipart body; an unreadable body answers no parts. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    let start = at + delimiter.length;
    // The closing delimiter ends with '--'.
    if (body[start] === 0x2d && body[start + 1] === 0x2d) break;
    if (body[start] === 0x0d && body[start + 1] === 0x0a) start += 2;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    // The part's content ends before the CRLF that precedes the next delimiter.
    let end = next;
    if (body[end - 2] === 0x0d && body[end - 1] === 0x0a) end -= 2;
    const headerEnd = body.indexOf('\r\n\r\n', start);
    if (headerEnd >= 0 && headerEnd < end) {
      const headers = body.subarray(start, headerEnd).toString('utf8');
      const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
      const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
      const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
      const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? null;
      if (name !== undefined) {
        parts.push({ name, filename, contentType: type, data: body.subarray(headerEnd + 4, end) });
      }
    }
    at = next;
  }
  return parts;
}
