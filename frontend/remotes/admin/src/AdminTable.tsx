import { Table } from '@planner/ui/table';
import type { ReactNode } from 'react';

/** A table of rows with their actions last, scrolling sideways on a phone rather than the page. */
export function AdminTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <Table caption={caption} className="admin-table">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </Table>
  );
}

/** A row's Edit and Delete buttons, named for the row (`name`), with any others between them. */
export function EditDeleteButtons({ name, onEdit, onDelete, deleting, children }: { name: string; onEdit: () => void; onDelete?: () => void; deleting: boolean; children?: ReactNode }) {
  return (
    <>
      <button type="button" className="button button-secondary" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </button>
      {children}
      {onDelete && (
        <button type="button" className="button button-danger" aria-label={`Delete ${name}`} disabled={deleting} onClick={onDelete}>
          Delete
        </button>
      )}
    </>
  );
}
