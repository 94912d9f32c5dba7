import { PLATFORM_DISPLAY_NAMES, type SandboxPostView } from '@planner/contracts';
import { escapeHtml } from '@planner/service-kit';

/** A Sandbox post as a page: what the link a Sandbox publication answers shows, labelled as such. */
export function sandboxPostPage(post: SandboxPostView): string {
  const platform = escapeHtml(PLATFORM_DISPLAY_NAMES[post.platform]);
  const media = post.media_urls
    .map((url, i) => `<li><a href="${escapeHtml(url)}">Media ${i + 1}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${platform} Sandbox post</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
.label{display:inline-block;background:#fff3c4;color:#5c4400;border-radius:4px;padding:.1rem .5rem;font-weight:600}
article{white-space:pre-wrap;border:1px solid #cbd2d9;border-radius:8px;padding:1rem;margin-top:1rem}</style></head>
<body><main>
<h1>${platform} post</h1>
<p><span class="label">Sandbox</span> Published to the local Sandbox feed, not to ${platform}, on <time datetime="${post.created_at}">${escapeHtml(post.created_at)}</time>.</p>
<article>${escapeHtml(post.text)}</article>
${media ? `<h2>Media</h2><ul>${media}</ul>` : ''}
</main></body></html>`;
}
