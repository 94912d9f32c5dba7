import { createHmac, timingSafeEqual } from 'node:crypto';
import { senderDomain } from './delivery.js';

/**
 * VERP (variable envelope return path): each mail goes out with a return path
 * of its own, `<local>+<mail id><signature>@<domain>` of the bounce address,
 * so a bounce names the mail it is about by the address it is sent to. The
 * signature (an HMAC of the id) makes the address unguessable: a forged bounce
 * cannot mark someone else's mail bounced. Lowercase hex only, as some servers
 * change the case of local parts; with the local part `bounces` it stays
 * within the 64 characters a local part may have.
 */
const TAG = /^([0-9a-f]{32})([0-9a-f]{20})$/;

const signatureOf = (id: string, key: string) => createHmac('sha256', key).update(id).digest('hex').slice(0, 20);

function splitAddress(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf('@');
  return { local: address.slice(0, at).toLowerCase(), domain: address.slice(at + 1).toLowerCase() };
}

/** The bounce address: the configured one, else `bounces@` the sender's domain. */
export function bounceAddressFor(mailFrom: string, configured?: string): string {
  return configured ?? `bounces@${senderDomain(mailFrom)}`;
}

/** The return path of one mail (its envelope sender). */
export function returnPathFor(emailId: string, bounceAddress: string, key: string): string {
  const { local, domain } = splitAddress(bounceAddress);
  const id = emailId.replaceAll('-', '').toLowerCase();
  return `${local}+${id}${signatureOf(id, key)}@${domain}`;
}

/** The mail a return path names; null for any other address (another mailbox, a bad or missing signature). */
export function emailIdOf(address: string, bounceAddress: string, key: string): string | null {
  const bounce = splitAddress(bounceAddress);
  const { local, domain } = splitAddress(address);
  if (domain !== bounce.domain || !local.startsWith(`${bounce.local}+`)) return null;
  const tag = TAG.exec(local.slice(bounce.local.length + 1));
  if (!tag) return null;
  const id = tag[1]!;
  if (!timingSafeEqual(Buffer.from(tag[2]!), Buffer.from(signatureOf(id, key)))) return null;
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}

/** One recipient's part of a delivery status notification (RFC 3464 §2.3). */
export interface DeliveryReport {
  /** Final-Recipient, without its address type. */
  recipient: string | null;
  /** failed, delayed, delivered, relayed or expanded. */
  action: string | null;
  /** RFC 3463 status code, e.g. 5.1.1. */
  status: string;
  /** What the remote server said, e.g. `smtp; 550 5.1.1 No such user`. */
  diagnostic: string | null;
}

/**
 * The per-recipient reports of a message/delivery-status body: blocks of
 * header-style fields separated by blank lines, the first about the message,
 * each further one about a recipient (those with a valid Status are kept).
 */
export function parseDeliveryStatus(body: string): DeliveryReport[] {
  const blocks = body
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ') // unfold continued lines
    .split(/\n\s*\n/);
  const reports: DeliveryReport[] = [];
  for (const block of blocks.slice(1)) {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const status = /^[245]\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0];
    if (!status) continue;
    const recipient = fields.get('final-recipient') ?? fields.get('original-recipient');
    reports.push({
      recipient: recipient ? recipient.replace(/^[^;]*;\s*/, '') : null,
      action: fields.get('action')?.toLowerCase() ?? null,
      status,
      diagnostic: fields.get('diagnostic-code') ?? null,
    });
  }
  return reports;
}

/**
 * What a report says about the mail (RFC 3463): 5.x.x, it cannot be delivered,
 * ever (a bounce); 4.x.x, delayed, the reporting server keeps trying (noted
 * only); 2.x.x (delivered, relayed) is no bounce at all.
 */
export function bounceKindOf(status: string): 'permanent' | 'transient' | null {
  if (status.startsWith('5.')) return 'permanent';
  if (status.startsWith('4.')) return 'transient';
  return null;
}
