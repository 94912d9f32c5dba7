import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Badge } from '../src/Badge.js';
import { Button, buttonClass } from '../src/Button.js';
import { Card } from '../src/Card.js';
import { Checkbox } from '../src/Checkbox.js';
import { Input } from '../src/Field.js';
import { Popover } from '../src/Popover.js';
import { Select } from '../src/Select.js';
import { Switch } from '../src/Switch.js';
import { Table } from '../src/Table.js';
import { Tabs } from '../src/Tabs.js';
import { Tooltip } from '../src/Tooltip.js';

afterEach(cleanup);

describe('Button', () => {
  it('is a plain button of the chosen look, not a submit unless told', async () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={(event) => event.preventDefault()}>
        <Button variant="danger" size="small" onClick={onClick}>
          Delete
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('button button-danger button-small');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(buttonClass()).toBe('button');
    expect(buttonClass({ variant: 'ghost', className: 'x' })).toBe('button button-ghost x');
  });
});

describe('Input', () => {
  it('is named by its label and described by its hint and error, invalid while the error shows', async () => {
    const { rerender } = render(<Input label="Name" hint="As your team knows it." defaultValue="" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect((input as HTMLInputElement).labels?.[0]?.textContent).toBe('Name');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('As your team knows it.');
    rerender(<Input label="Name" hint="As your team knows it." error="Name is required" defaultValue="" />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['As your team knows it.', 'Name is required']);
    await userEvent.type(input, 'Acme');
    expect((input as HTMLInputElement).value).toBe('Acme');
  });
});

describe('Badge and Card', () => {
  it('a badge says its state in text with its tone as a class; a card is a region named by its heading', () => {
    render(
      <Card title="Plan" headingLevel={3}>
        <Badge tone="success">Active</Badge>
      </Card>,
    );
    const card = screen.getByRole('region', { name: 'Plan' });
    expect(within(card).getByRole('heading', { level: 3, name: 'Plan' })).toBeTruthy();
    expect(within(card).getByText('Active').className).toBe('badge badge-green');
  });
});

describe('Table', () => {
  it('is named by its caption, in a focusable group of the same name (not a landmark)', () => {
    render(
      <Table caption="Subscribers" captionHidden>
        <thead>
          <tr>
            <th scope="col">E-mail</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>a@example.com</td>
          </tr>
        </tbody>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Subscribers' });
    const region = screen.getByRole('group', { name: 'Subscribers' });
    expect(screen.queryByRole('region')).toBeNull();
    expect(region.contains(table)).toBe(true);
    expect(region.tabIndex).toBe(0);
    expect(within(table).getByRole('columnheader', { name: 'E-mail' })).toBeTruthy();
  });
});

function SectionTabs() {
  const [selected, setSelected] = useState<'users' | 'blog' | 'logs'>('users');
  return (
    <Tabs
      label="Sections"
      tabs={[
        { key: 'users', label: 'Users' },
        { key: 'blog', label: 'Blog' },
        { key: 'logs', label: 'Logs' },
      ]}
      selected={selected}
      onSelect={setSelected}
    >
      <p>Content of {selected}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('selects with arrows, Home and End, one tab in the Tab order, the panel named by its tab', async () => {
    render(<SectionTabs />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    const [users, blog, logs] = within(list).getAllByRole('tab');
    expect(users!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Users' }).textContent).toBe('Content of users');
    await userEvent.tab();
    expect(document.activeElement).toBe(users);
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(blog);
    expect(screen.getByRole('tabpanel', { name: 'Blog' }).textContent).toBe('Content of blog');
    await userEvent.keyboard('{End}');
    expect(logs!.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(users);
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(screen.getByRole('tabpanel', { name: 'Logs' })).toBeTruthy();
    // From the tab, Tab goes on to the panel, not to the other tabs.
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });
});

function Controlled({ kind }: { kind: 'switch' | 'checkbox' }) {
  const [on, setOn] = useState(false);
  return kind === 'switch' ? <Switch label="Auto-post" hint="Posts go out at the next slot." checked={on} onCheckedChange={setOn} /> : <Checkbox label="Also delete its posts" checked={on} onCheckedChange={setOn} />;
}

describe('Switch and Checkbox', () => {
  it('a switch is named by its label, described by its hint, toggled by Space and by a click on the label', async () => {
    render(<Controlled kind="switch" />);
    const toggle = screen.getByRole('switch', { name: 'Auto-post' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)?.textContent).toBe('Posts go out at the next slot.');
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByText('Auto-post'));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('a checkbox is named by its label and toggled by Space', async () => {
    render(<Controlled kind="checkbox" />);
    const box = screen.getByRole('checkbox', { name: 'Also delete its posts' });
    expect(box.getAttribute('aria-checked')).toBe('false');
    box.focus();
    await userEvent.keyboard(' ');
    expect(box.getAttribute('aria-checked')).toBe('true');
  });
});

function ViewSelect({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState<'month' | 'week' | 'day'>('month');
  return (
    <Select
      label="View"
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      options={[
        { value: 'month', label: 'Month' },
        { value: 'week', label: 'Week' },
        { value: 'day', label: 'Day' },
      ]}
    />
  );
}

describe('Select', () => {
  it('is a combobox named by its label showing its value; the keyboard opens the listbox and chooses', async () => {
    const onChange = vi.fn();
    render(<ViewSelect onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'View' });
    expect(trigger.textContent).toContain('Month');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Month', 'Week', 'Day']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('week');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.textContent).toContain('Week');
    expect(document.activeElement).toBe(trigger);
  });
});

describe('Popover', () => {
  it('opens from its trigger as a named dialog, and Escape closes it with focus back on the trigger', async () => {
    render(
      <Popover label="Filters" trigger={<button type="button">Filter</button>}>
        <button type="button">Only failed</button>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Filter' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(trigger);
    const popover = screen.getByRole('dialog', { name: 'Filters' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(popover.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });
});

describe('Tooltip', () => {
  it('shows on keyboard focus as the description of its trigger, and Escape hides it', async () => {
    render(
      <Tooltip content="Copies the link">
        <button type="button">Share</button>
      </Tooltip>,
    );
    await userEvent.tab();
    const trigger = screen.getByRole('button', { name: 'Share' });
    expect(document.activeElement).toBe(trigger);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Copies the link');
    expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
