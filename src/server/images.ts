// The real type of an uploaded image, from its bytes; the declared Content-Type is not trusted.

export type RasterType = 'image/png' | 'image/jpeg' | 'image/webp';

export function sniffImage(data: Buffer): RasterType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

/**
 * An SVG document without active content: no scripts, event handlers, javascript: links, foreign objects or
 * external references. Anything else is refused rather than cleaned (a logo has no need for them).
 */
export function isPlainSvg(data: Buffer): boolean {
  const text = data.toString('utf8');
  if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return false;
  return !/<script|<foreignObject|\son[a-z]+\s*=|javascript:|<!ENTITY|(?:href|src)\s*=\s*["']\s*(?:https?:|\/\/|data:text)/i.test(
    text,
  );
}
