import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Dialog, type ConfirmDialogProps } from '../src/Dialog.js';

function Opener({ onConfirm, ...props }: { onConfirm: () => void } & Partial<ConfirmDialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete…
      </button>
      {open && <ConfirmDialog title="Delete schedule" message="Are you sure?" confirmLabel="Delete" danger onConfirm={onConfirm} onCancel={() => setOpen(false)} {...props} />}
    </>
  );
}

function PreviewOpener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Preview
      </button>
      {open && (
        <Dialog title="Preview: News" wide className="preview" onCancel={() => setOpen(false)}>
          <iframe title="The newsletter" srcDoc="<p>Hello</p>" />
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </Dialog>
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
    expect(dialog.closest('[aria-hidden=true]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete…' })).toBeNull();
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

  it('is described by its question, and can be an alertdialog with more under the question', async () => {
    render(
      <Opener onConfirm={() => undefined} role="alertdialog">
        <p>Sunday plans</p>
      </Opener>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete schedule' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Are you sure?');
    expect(dialog.textContent).toContain('Sunday plans');
  });

  it('while busy: shows the busy label, and neither Escape nor Cancel closes it', async () => {
    render(<Opener onConfirm={() => undefined} busy busyLabel="Deleting..." />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Delete schedule' })).toBeTruthy();
  });
});

describe('Dialog', () => {
  afterEach(cleanup);

  it('focuses its first control (not a frame, whose document would take the keys), takes the caller’s classes, and Escape gives focus back to the opener', async () => {
    render(<PreviewOpener />);
    const opener = screen.getByRole('button', { name: 'Preview' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Preview: News' });
    expect(dialog.className).toBe('dialog confirm-dialog dialog-wide preview');
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    // A click outside (on the backdrop) does not close it.
    await userEvent.click(document.querySelector('.dialog-overlay')!);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
