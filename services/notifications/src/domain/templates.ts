import { escapeHtml } from '@planner/service-kit';
/** A mail ready for the transport: both parts and any extra headers. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

const PRODUCT = 'Social Planner';

/** One layout for the service's own mails; `paragraphs` are plain text, escaped here. */
function layout(options: { title: string; greeting: string; paragraphs: string[]; action?: { label: string; url: string }; footer: string }): {
  html: string;
  text: string;
} {
  const { title, greeting, paragraphs, action, footer } = options;
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      p('If the button does not work, copy this link into your browser:') +
      `<p style="margin:0 0 16px;word-break:break-all"><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5;max-width:600px;margin:0 auto;padding:24px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>`,
    p(greeting),
    ...paragraphs.map(p),
    button,
    `<p style="margin:32px 0 0;color:#6b7280;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  const text = [greeting, '', ...paragraphs.flatMap((s) => [s, '']), ...(action ? [`${action.label}: ${action.url}`, ''] : []), '--', footer, ''].join('\n');
  return { html, text };
}

export function renderVerification({ username, verifyUrl }: { username: string; verifyUrl: string }): RenderedMail {
  const subject = `Verify your email address for ${PRODUCT}`;
  return {
    subject,
    headers: {},
    ...layout({
      title: 'Verify your email address',
      greeting: `Hello ${username},`,
      paragraphs: [`Thank you for registering with ${PRODUCT}. Please confirm your email address to use every feature.`, 'The link is valid for 24 hours and can be used once.'],
      action: { label: 'Verify email address', url: verifyUrl },
      footer: `If you did not create a ${PRODUCT} account, you can ignore this email.`,
    }),
  };
}

export function renderPasswordReset({ username, resetUrl }: { username: string; resetUrl: string }): RenderedMail {
  return {
    subject: `Reset your ${PRODUCT} password`,
    headers: {},
    ...layout({
      title: 'Reset your password',
      greeting: `Hello ${username},`,
      paragraphs: ['We received a request to reset your password. Choose a new one with the link below.', 'The link is valid for 1 hour and can be used once.'],
      action: { label: 'Reset password', url: resetUrl },
      footer: 'If you did not ask for a password reset, ignore this email: your password stays unchanged.',
    }),
  };
}

export function renderAccountDeleted(_data: { email: string }): RenderedMail {
  return {
    subject: `Your ${PRODUCT} account has been deleted`,
    headers: {},
    ...layout({
      title: 'Your account has been deleted',
      greeting: 'Hello,',
      paragraphs: [
        `Your ${PRODUCT} account and its data have been deleted, as requested.`,
        'For a while this email address cannot be used to register a new account.',
      ],
      footer: `If you did not delete your account, please contact ${PRODUCT} support.`,
    }),
  };
}

export function renderNewsletterConfirmation({ confirmUrl }: { confirmUrl: string }): RenderedMail {
  return {
    subject: `Confirm your subscription to the ${PRODUCT} newsletter`,
    headers: {},
    ...layout({
      title: 'Confirm your subscription',
      greeting: 'Hello,',
      paragraphs: [`Someone, hopefully you, asked to receive the ${PRODUCT} newsletter at this address, roughly once a month.`, 'Please confirm with the link below.'],
      action: { label: 'Confirm subscription', url: confirmUrl },
      footer: 'If you did not ask for the newsletter, ignore this email: you will not be subscribed.',
    }),
  };
}

/**
 * A newsletter mail as content prepared it (tracking and unsubscribe link
 * already in the HTML), with the one-click unsubscribe headers of RFC 8058.
 */
export function renderNewsletter({ subject, html, text, unsubscribeUrl }: { subject: string; html: string; text: string; unsubscribeUrl: string }): RenderedMail {
  return {
    subject,
    html,
    text,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** A moment in an IANA time zone as a mail tells it: 'April 7, 2026 at 2:00 PM (Europe/Paris)'; UTC for a zone this runtime does not know. */
export function momentIn(iso: string, timezone: string): string {
  const at = new Date(iso);
  const format = (timeZone: string) => `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(at)} (${timeZone})`;
  try {
    return format(timezone);
  } catch {
    return format('UTC');
  }
}

/**
 * The owner's warning that a connection which cannot be refreshed (LinkedIn's 60-day token) runs out soon: the
 * platform, the organization, when in its time zone, and where to connect it again. Not worded by the spec
 * (docs/decisions/publishing.md, LinkedIn).
 */
export function renderConnectionExpiring(data: {
  username: string;
  platformName: string;
  organizationName: string;
  expiresAt: string;
  timezone: string;
  lastWarning: boolean;
  reconnectUrl: string;
}): RenderedMail {
  const { username, platformName, organizationName, reconnectUrl } = data;
  const when = momentIn(data.expiresAt, data.timezone);
  return {
    subject: `Your ${platformName} connection for ${organizationName} expires on ${when}`,
    headers: {},
    ...layout({
      title: `Your ${platformName} connection expires soon`,
      greeting: `Hello ${username},`,
      paragraphs: [
        `The ${platformName} connection of your organization ${organizationName} expires on ${when}. ${platformName} does not let ${PRODUCT} renew it.`,
        `After that, posts to ${platformName} cannot be published. To keep publishing, connect ${platformName} again in the organization's platforms page.`,
        ...(data.lastWarning ? ['This is the last reminder before it expires.'] : []),
      ],
      action: { label: 'Open the platforms page', url: reconnectUrl },
      footer: `You receive this email because you own the organization ${organizationName} in ${PRODUCT}.`,
    }),
  };
}
