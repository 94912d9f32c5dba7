/** The sandbox mailbox: notifications writes each send of a mail as `<mail row id>.eml` in MAIL_DIR (`<id>-2.eml` for a second send of the same row, so a double counts twice). */
import fs from 'node:fs';
import path from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  /** The whole text with quoted-printable soft breaks and `=3D` undone, for finding links. */
  text: string;
}

const header = (text: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(text)?.[1]?.trim() ?? '';

export function readMailbox(dir: string): Mail[] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      return { to: header(raw, 'To').toLowerCase(), subject: header(raw, 'Subject'), text };
    });
}

/** The first link in a mail to `to` whose path ends with `pathEnd` (`/verify-email`, `/newsletter/confirm`), or null. */
export function linkInMail(dir: string, to: string, pathEnd: string): URL | null {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${pathEnd.replaceAll('/', '\\/')}\\?[^\\s"'<>]+`);
  for (const mail of readMailbox(dir)) {
    if (mail.to !== to.toLowerCase()) continue;
    const found = pattern.exec(mail.text);
    if (found) return new URL(found[0].replaceAll('&amp;', '&'));
  }
  return null;
}
