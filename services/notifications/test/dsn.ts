import nodemailer from 'nodemailer';

/** A delivery status notification (RFC 3464) as a receiving server writes it: multipart/report with a human part and a message/delivery-status part. */
export function dsn({ recipient, action, status, diagnostic }: { recipient: string; action: string; status: string; diagnostic: string }): string {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.com>',
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
    '',
    '--B',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    `Your message to ${recipient} could not be delivered.`,
    '--B',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.com',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    '',
    '--B--',
    '',
  ].join('\r\n');
}

/** Sends a report to `to` over SMTP at the bounce listener on `port`, from the null sender as reporting servers do. */
export function sendReport(port: number, to: string, raw: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  return transport.sendMail({ envelope: { from: '', to }, raw }).finally(() => transport.close());
}
