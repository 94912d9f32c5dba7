const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (user names, links, questions) placed in HTML, in content or a quoted attribute, never becomes markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * A plain page a service answers itself (a Sandbox post, the sandbox checkout,
 * the result of a newsletter link): one main landmark, no styles or scripts
 * (the gateway's CSP allows none on API answers). `title` is text; `body` is
 * markup whose text the caller has escaped.
 */
export function htmlPage(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`
  );
}
