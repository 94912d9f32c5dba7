import { formatBytes, SharedMessages, type LogFile } from '@planner/contracts';
import { useId, useState } from 'react';
import { formatDateTime } from '../format.js';

/** The files whose name contains `filter`, ignoring case. */
export function filterLogFiles(files: LogFile[], filter: string): LogFile[] {
  const wanted = filter.trim().toLowerCase();
  return wanted ? files.filter((file) => file.name.toLowerCase().includes(wanted)) : files;
}

/** Part 1 §2, §9: the log files, newest first, with a filter, in a list at most 500 px high; sizes in B, KB or MB. */
export function LogFileList({ files, selected, onSelect }: { files: LogFile[]; selected: string | null; onSelect: (name: string) => void }) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const shown = filterLogFiles(files, filter);
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-filter`}>Filter files</label>
        <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </div>
      {files.length === 0 ? (
        <p>{SharedMessages.noLogFiles}</p>
      ) : shown.length === 0 ? (
        <p>No log files match “{filter.trim()}”.</p>
      ) : (
        <ul className="log-file-list" aria-label="Log files">
          {shown.map((file) => (
            <li key={file.name}>
              <button type="button" className="log-file" aria-current={file.name === selected ? 'true' : undefined} onClick={() => onSelect(file.name)}>
                <span className="log-file-name">{file.name}</span>
                <span className="muted">
                  {formatBytes(file.size)} · {formatDateTime(file.modified)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
