import { useState, type ReactNode } from 'react';

/**
 * The composer's layout (issue 30): the editor (generator, each post's text,
 * media) beside the live previews on wide screens, with the bar of Now /
 * Schedule for, the time and the submit at the bottom. On a phone it is one
 * column: Edit or Preview, chosen by the switch above it (the CSS hides the
 * other column there and the switch on wide screens).
 */
export function Composer({ editor, previews, bar }: { editor: ReactNode; previews: ReactNode; bar?: ReactNode }) {
  const [shown, setShown] = useState<'editor' | 'previews'>('editor');
  return (
    <div className="composer" data-shown={shown}>
      <div className="composer-switch" role="group" aria-label="Show">
        <button type="button" className="composer-switch-button" aria-pressed={shown === 'editor'} onClick={() => setShown('editor')}>
          Editor
        </button>
        <button type="button" className="composer-switch-button" aria-pressed={shown === 'previews'} onClick={() => setShown('previews')}>
          Previews
        </button>
      </div>
      <div className="composer-editor">{editor}</div>
      <aside className="composer-previews" aria-label="Previews">
        {previews}
      </aside>
      {bar}
    </div>
  );
}
