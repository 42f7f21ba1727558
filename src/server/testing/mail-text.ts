/**
 * The readable text of a raw e-mail as an SMTP server receives it: nodemailer sends UTF-8 as quoted-printable
 * or base64, and tests assert on the Ukrainian words and the link inside.
 */
export function mailText(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (m) =>
    Buffer.from(
      m
        .split('=')
        .slice(1)
        .map((h) => parseInt(h, 16)),
    ).toString('utf8'),
  );
  const b64 = [...raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)]
    .map((m) => Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${qp}\n${b64}`;
}
