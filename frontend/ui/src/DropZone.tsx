import { useId, useState, type DragEvent, type ReactNode } from 'react';

export interface DropZoneProps {
  /** The file input's label ("Upload image media"). */
  label: string;
  /** What the input offers to pick (its `accept`). */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The files chosen or dropped, in their order. */
  onFiles: (files: File[]) => void;
  /** Said under the label (what the files must be). */
  hint?: ReactNode;
  /** An upload's progress in percent, null when none is under way. */
  progress?: number | null;
  /** The files already chosen: their thumbnails, each with what the caller says of it. */
  children?: ReactNode;
}

/**
 * A file drop zone (issue 30): drop files on it or choose them with the
 * native file input it keeps inside, which the keyboard and screen readers
 * reach as any input; the chosen files' thumbnails and an upload's progress
 * below. The caller checks the files (its rules, its messages).
 */
export function DropZone({ label, accept, multiple = false, disabled = false, onFiles, hint, progress = null, children }: DropZoneProps) {
  const id = useId();
  const [over, setOver] = useState(false);
  const hover = (event: DragEvent, on: boolean) => {
    if (disabled) return;
    // Without preventDefault on dragover the browser opens the dropped file instead.
    event.preventDefault();
    setOver(on);
  };
  return (
    <div
      className={['drop-zone', over && 'drop-zone-over', disabled && 'drop-zone-disabled'].filter(Boolean).join(' ')}
      onDragOver={(event) => hover(event, true)}
      onDragLeave={(event) => hover(event, false)}
      onDrop={(event) => {
        hover(event, false);
        if (disabled) return;
        const files = [...event.dataTransfer.files];
        if (files.length) onFiles(multiple ? files : files.slice(0, 1));
      }}
    >
      <div className="drop-zone-target">
        <label htmlFor={id} className="drop-zone-label">
          {label}
        </label>
        <input
          id={id}
          type="file"
          className="drop-zone-input"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            // Emptied, so the same file can be chosen again after it was removed.
            event.target.value = '';
            if (files.length) onFiles(files);
          }}
        />
        <p id={`${id}-hint`} className="drop-zone-hint">
          Drop {multiple ? 'files' : 'a file'} here or choose {multiple ? 'them' : 'it'}.{hint && <> {hint}</>}
        </p>
      </div>
      {progress !== null && (
        <p className="drop-zone-progress">
          <label htmlFor={`${id}-progress`}>Uploading media: {progress}%</label> <progress id={`${id}-progress`} value={progress} max={100} />
        </p>
      )}
      {children}
    </div>
  );
}
