import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@planner/service-kit';

/** A rendered mail on its way out. */
export interface OutgoingMail {
  /** The mail row's id: names the .eml file in the sandbox (`<id>.eml`, `<id>-2.eml` for a second send). */
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  messageId: string;
  /** The envelope sender (MAIL FROM): where a bounce of this mail goes. */
  returnPath: string;
}

export interface MailTransport {
  /** Where mails go, for the start-up log: never the credentials. */
  readonly description: string;
  readonly sandbox: boolean;
  /** Resolves when the server accepted the mail; rejects with nodemailer's error (responseCode, permanent) otherwise. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export interface MailTransportOptions {
  smtpUrl?: string;
  mailDir: string;
  from: string;
  /** Pooled SMTP connections: one per concurrent send. */
  maxConnections: number;
  logger: Logger;
}

function message(mail: OutgoingMail) {
  return {
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers,
    messageId: mail.messageId,
    envelope: { from: mail.returnPath, to: mail.to },
  };
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise each mail becomes an .eml file in MAIL_DIR, listed in the log. */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl, options) : directoryTransport(options);
}

function smtpTransport(smtpUrl: string, { from, maxConnections }: MailTransportOptions): MailTransport {
  const url = new URL(smtpUrl);
  const transporter = nodemailer.createTransport(
    {
      url: smtpUrl,
      pool: true,
      maxConnections,
      // nodemailer waits minutes by default; a stuck server should turn into a retry much sooner.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    },
    { from },
  );
  return {
    description: `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
    sandbox: false,
    send: async (mail) => {
      const info = await transporter.sendMail(message(mail));
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

function directoryTransport({ mailDir, from, logger }: MailTransportOptions): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  return {
    description: `files in ${mailDir}`,
    sandbox: true,
    send: async (mail) => {
      const info = await transporter.sendMail(message(mail));
      await fs.mkdir(mailDir, { recursive: true });
      const file = await writeNew(mailDir, mail.id, info.message as Buffer);
      logger.info({ to: mail.to, subject: mail.subject, file }, 'SANDBOX mail written (SMTP_URL is not set)');
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

/**
 * Writes `<id>.eml`, or `<id>-2.eml`, `-3`… when the mail row was sent before:
 * never over an earlier file, so a mail sent twice shows as two files (the
 * drills count them).
 */
async function writeNew(mailDir: string, id: string, message: Buffer): Promise<string> {
  for (let send = 1; ; send++) {
    const file = path.join(mailDir, send === 1 ? `${id}.eml` : `${id}-${send}.eml`);
    try {
      await fs.writeFile(file, message, { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
