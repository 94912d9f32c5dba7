import { PLATFORM_DISPLAY_NAMES, type SandboxPostView } from '@planner/contracts';
import { escapeHtml, htmlPage } from '@planner/service-kit';

/** A Sandbox post as a page: what the link a Sandbox publication answers shows, labelled as such. */
export function sandboxPostPage(post: SandboxPostView): string {
  const platform = escapeHtml(PLATFORM_DISPLAY_NAMES[post.platform]);
  const media = post.media_urls
    .map((url, i) => `<li><a href="${escapeHtml(url)}">Media ${i + 1}</a></li>`)
    .join('');
  return htmlPage(
    `${PLATFORM_DISPLAY_NAMES[post.platform]} Sandbox post`,
    `<h1>${platform} post</h1>` +
      `<p><strong>Sandbox</strong>: published to the local Sandbox feed, not to ${platform}, on <time datetime="${escapeHtml(post.created_at)}">${escapeHtml(post.created_at)}</time>.</p>` +
      `<article>${escapeHtml(post.text)}</article>` +
      (media ? `<h2>Media</h2><ul>${media}</ul>` : ''),
  );
}
