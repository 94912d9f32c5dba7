import type net from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import type { Logger } from '@planner/service-kit';
import { parseDeliveryStatus, type DeliveryReport } from '../domain/bounces.js';

export interface BounceListenerOptions {
  host: string;
  /** 0 takes a free port (tests). */
  port: number;
  /** The mail a recipient address is the return path of; null refuses the address. */
  mailOf: (address: string) => string | null;
  /** The reports of an accepted mail, once per mail it was addressed to; a rejection makes the reporting server try again later. */
  onReports: (emailId: string, reports: DeliveryReport[]) => Promise<void>;
  logger: Logger;
}

export interface BounceListener {
  port: number;
  close(): Promise<void>;
}

/** Reports are short; anything bigger is no bounce of ours. */
const MAX_SIZE = 1024 * 1024;

/** SMTP errors the client sees: 5xx for good, 4xx try again. */
const smtpError = (code: number, message: string): SMTPServerError => Object.assign(new Error(message), { responseCode: code });

/**
 * An SMTP server (nodemailer's smtp-server) for the bounce address: it takes
 * mail only for the signed return paths of our mails (anything else is refused
 * at RCPT TO, as an unknown mailbox) and reads the delivery status
 * notification (RFC 3464, a multipart/report) of each mail it takes. It is
 * meant to sit behind the domain's MX (or a provider's inbound relay) inside
 * the network: no AUTH, no STARTTLS.
 */
export async function startBounceListener({ host, port, mailOf, onReports, logger }: BounceListenerOptions): Promise<BounceListener> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_SIZE,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (mailOf(address.address)) return callback();
      return callback(smtpError(550, '5.1.1 No such mailbox'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (stream.sizeExceeded) return callback(smtpError(552, '5.3.4 Message too big'));
        try {
          // Kept as a part of its own (mailparser would fold it into the text otherwise).
          const parsed = await simpleParser(Buffer.concat(chunks), { keepDeliveryStatus: true });
          const reports = parsed.attachments
            .filter((part) => /^message\/(global-)?delivery-status$/i.test(part.contentType))
            .flatMap((part) => parseDeliveryStatus(part.content.toString('utf8')));
          if (reports.length === 0) logger.info({ recipients: session.envelope.rcptTo.length }, 'mail to a return path without a delivery status report; ignored');
          else for (const { address } of session.envelope.rcptTo) await onReports(mailOf(address)!, reports); // RCPT TO let only our return paths in
          callback();
        } catch (error) {
          logger.warn({ reason: (error as Error).message }, 'bounce report not recorded; the reporting server will try again');
          callback(smtpError(451, '4.3.0 Try again later'));
        }
      });
    },
  });
  server.on('error', (error) => logger.warn({ reason: error.message }, 'bounce listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  logger.info({ port: (server.server.address() as net.AddressInfo).port }, 'bounce listener up');
  return {
    port: (server.server.address() as net.AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
