import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormMessage } from '../src/FormMessage.js';

afterEach(cleanup);

describe('FormMessage', () => {
  it('announces an error as an alert and a success as a status, in the shell’s styles', () => {
    render(
      <>
        <FormMessage kind="error">Please select at least one platform.</FormMessage>
        <FormMessage kind="success">Media generated successfully!</FormMessage>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Please select at least one platform.');
    expect(screen.getByRole('alert').className).toBe('form-message form-message-error');
    expect(screen.getByRole('status').className).toBe('form-message form-message-success');
  });

  it('shows nothing without a message', () => {
    const { container } = render(
      <>
        <FormMessage kind="error">{null}</FormMessage>
        <FormMessage kind="info">{false}</FormMessage>
        <FormMessage kind="info">{''}</FormMessage>
      </>,
    );
    expect(container.innerHTML).toBe('');
  });
});
