import { MEDIA_TYPE_SPECS, PLATFORM_DISPLAY_NAMES, PLATFORM_DISPLAY_ORDER } from '@planner/contracts';
import type { HostProps } from '@planner/remote-contract';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { EXAMPLES, exampleState, type Example } from './examples/examples.js';
import { illustrationFile } from './examples/illustrations.js';
import type { MediaEntry } from './post-form/media.js';
import { PlatformPreview } from './post-form/PlatformPreview.js';

/** The example's pictures as the post form holds chosen files (made once: each preview shows them by object URL). */
function exampleMedia(example: Example): MediaEntry[] {
  return example.media.map((illustration, i) => {
    const file = illustrationFile(illustration);
    return { id: `${example.id}-${i}`, name: illustration.alt, source: 'upload', file, mime: file.type, kind: 'image', size: file.size };
  });
}

/**
 * /examples (issue 36; docs/product.md): example posts per platform and post
 * type in the designer's previews, each opening the Content Designer with
 * its text, post type and settings, so a new user sees what the product
 * makes before spending a generation.
 */
export function ExamplesPage({ host }: HostProps) {
  const media = useMemo(() => new Map(EXAMPLES.map((example) => [example.id, exampleMedia(example)])), []);
  const platforms = PLATFORM_DISPLAY_ORDER.filter((platform) => EXAMPLES.some((example) => example.platform === platform));
  return (
    <main className="page examples">
      <h1>Examples</h1>
      <p>
        What the generator writes for each platform and post type, shown as the platform shows it. Use an example to open it in the Content Designer with its text and settings, then
        change it to your business, or generate your own from the same settings.
      </p>
      <nav aria-label="Platforms" className="example-platforms">
        <ul>
          {platforms.map((platform) => (
            <li key={platform}>
              <a href={`#examples-${platform}`}>{PLATFORM_DISPLAY_NAMES[platform]}</a>
            </li>
          ))}
        </ul>
      </nav>
      {platforms.map((platform) => (
        <section key={platform} id={`examples-${platform}`} aria-labelledby={`examples-${platform}-title`} className="example-platform">
          <h2 id={`examples-${platform}-title`}>{PLATFORM_DISPLAY_NAMES[platform]}</h2>
          <ul className="example-list">
            {EXAMPLES.filter((example) => example.platform === platform).map((example) => {
              const title = `${PLATFORM_DISPLAY_NAMES[platform]} ${MEDIA_TYPE_SPECS[example.mediaType].label.toLowerCase()} post`;
              const headingId = `example-${example.id}`;
              return (
                <li key={example.id} className="card example-card" aria-labelledby={headingId}>
                  <h3 id={headingId}>{title}</h3>
                  <PlatformPreview host={host} platform={platform} account={example.account} text={example.text} media={media.get(example.id)!} mediaType={example.mediaType} />
                  <p className="muted">
                    Post type {example.settings.contentType} · tone {example.settings.tone} · mood {example.settings.mood} · topic: {example.settings.topic}
                  </p>
                  <p className="actions">
                    <Link className="button" to="/organization/designer" state={exampleState(example)} aria-describedby={headingId}>
                      Use this example
                    </Link>
                  </p>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </main>
  );
}
