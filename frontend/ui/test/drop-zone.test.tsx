import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropZone } from '../src/DropZone.js';

afterEach(cleanup);

const file = (name: string) => new File(['x'], name, { type: 'image/png' });
const drop = (files: File[]) => fireEvent.drop(screen.getByText(/^Drop /).closest('.drop-zone')!, { dataTransfer: { files } });

describe('DropZone', () => {
  it('takes files from its labelled native input and from a drop', async () => {
    const onFiles = vi.fn();
    render(<DropZone label="Upload image media" accept="image/*" multiple onFiles={onFiles} hint="A carousel needs at least 2 files." />);
    const input = screen.getByLabelText('Upload image media') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
    expect(screen.getByText(/^Drop files here/).textContent).toBe('Drop files here or choose them. A carousel needs at least 2 files.');
    await userEvent.upload(input, [file('a.png'), file('b.png')]);
    expect(onFiles.mock.calls[0]![0].map((f: File) => f.name)).toEqual(['a.png', 'b.png']);
    // Emptied after each choice, so the same file can be chosen again.
    expect(input.value).toBe('');
    drop([file('c.png')]);
    expect(onFiles.mock.calls[1]![0].map((f: File) => f.name)).toEqual(['c.png']);
  });

  it('takes one file of a drop unless multiple, and none when disabled', () => {
    const onFiles = vi.fn();
    const { rerender } = render(<DropZone label="Upload short media" onFiles={onFiles} />);
    drop([file('a.mp4'), file('b.mp4')]);
    expect(onFiles.mock.calls[0]![0].map((f: File) => f.name)).toEqual(['a.mp4']);
    rerender(<DropZone label="Upload short media" onFiles={onFiles} disabled />);
    drop([file('c.mp4')]);
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Upload short media') as HTMLInputElement).disabled).toBe(true);
  });

  it('shows an upload’s progress and the chosen files it is given', () => {
    render(
      <DropZone label="Upload image media" onFiles={() => undefined} progress={40}>
        <ul aria-label="Chosen media">
          <li>a.png</li>
        </ul>
      </DropZone>,
    );
    expect((screen.getByLabelText('Uploading media: 40%') as HTMLProgressElement).value).toBe(40);
    expect(screen.getByRole('list', { name: 'Chosen media' }).textContent).toBe('a.png');
  });
});
