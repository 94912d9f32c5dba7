import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** What the server answers to RCPT TO for an address: nothing (accept) or an SMTP error. */
export type RecipientRule = (address: string, tries: number) => { code: number; message: string } | undefined;

export interface SmtpStandIn {
  url: string;
  /** Mails the server accepted (answered 250 to), in order. */
  received: ReceivedMail[];
  /** RCPT TO commands seen per address (accepted or refused). */
  tries: Map<string, number>;
  rule: RecipientRule;
  /** While true, mails are read but not answered: the client waits for the server's acceptance. */
  holding: boolean;
  /** Mails read while holding, not accepted. */
  held: number;
  /** Answers the held mails with a failure (their clients are gone by then); they are not recorded. */
  dropHeld: () => void;
  parse: (mail: ReceivedMail) => Promise<ParsedMail>;
  close: () => Promise<void>;
}

/** A real SMTP server (nodemailer's smtp-server) on a free loopback port that records what it accepts. */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const pending: Array<(error: Error) => void> = [];
  const standIn: SmtpStandIn = {
    url: '',
    received: [],
    tries: new Map(),
    rule: () => undefined,
    holding: false,
    held: 0,
    dropHeld: () => {
      for (const answer of pending.splice(0)) answer(Object.assign(new Error('connection lost'), { responseCode: 421 }));
    },
    parse: (mail) => simpleParser(mail.raw),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const tries = (standIn.tries.get(address.address) ?? 0) + 1;
      standIn.tries.set(address.address, tries);
      const refusal = standIn.rule(address.address, tries);
      if (!refusal) return callback();
      const error: SMTPServerError = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        if (standIn.holding) {
          standIn.held += 1;
          pending.push((error) => {
            try {
              callback(error);
            } catch {
              /* the client is gone */
            }
          });
          return;
        }
        standIn.received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as net.AddressInfo;
  standIn.url = `smtp://127.0.0.1:${port}`;
  return standIn;
}
