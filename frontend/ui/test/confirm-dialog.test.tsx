import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../src/ConfirmDialog.js';

function Opener({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete…
      </button>
      {open && (
        <ConfirmDialog title="Delete schedule" confirmLabel="Delete" danger onConfirm={onConfirm} onCancel={() => setOpen(false)}>
          <p>Are you sure?</p>
        </ConfirmDialog>
      )}
    </>
  );
}

describe('ConfirmDialog', () => {
  afterEach(cleanup);

  it('opens modal with focus on Cancel, and gives focus back to its opener when closed', async () => {
    render(<Opener onConfirm={() => undefined} />);
    const opener = screen.getByRole('button', { name: 'Delete…' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete schedule' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('confirms with its button, and Escape cancels', async () => {
    const onConfirm = vi.fn();
    render(<Opener onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
