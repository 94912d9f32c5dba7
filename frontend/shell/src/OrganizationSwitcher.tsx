import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { selectOrganization } from '@planner/remote-contract';
import { useSelectedOrganizationId } from './guards.js';
import { useOrganizations, type OrganizationSummary } from './organizations.js';
import { useShell } from './shell-context.js';

/** Part 2 §9: the switcher lists 3 organizations before '+N more accounts'. */
export const SWITCHER_SHOWN = 3;

/** The navigation bar's organization switcher (part 2 §2). */
export function OrganizationSwitcher() {
  const { storage } = useShell();
  const [open, setOpen] = useState(false);
  const selectedId = useSelectedOrganizationId();
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const organizations = useOrganizations();
  const list = organizations.data ?? [];
  const selected = list.find((o) => o.id === selectedId) ?? list[0];
  const select = (organization: OrganizationSummary) => {
    selectOrganization(storage, organization.id);
    setOpen(false);
  };
  return (
    <div
      className="switcher"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <button ref={toggle} type="button" className="link-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
        {selected ? selected.name : 'Accounts'} ▾
      </button>
      <div id={menuId} className="switcher-menu" hidden={!open}>
        {list.length === 0 ? (
          <p>No accounts available</p>
        ) : (
          <ul>
            {list.slice(0, SWITCHER_SHOWN).map((organization) => (
              <li key={organization.id}>
                <button type="button" className="link-button" aria-current={organization.id === selected?.id ? 'true' : undefined} onClick={() => select(organization)}>
                  {organization.name}
                </button>
              </li>
            ))}
            {list.length > SWITCHER_SHOWN && (
              <li>
                <Link to="/accounts" onClick={() => setOpen(false)}>{`+${list.length - SWITCHER_SHOWN} more accounts`}</Link>
              </li>
            )}
          </ul>
        )}
        <Link to="/accounts" onClick={() => setOpen(false)}>
          Accounts
        </Link>
      </div>
    </div>
  );
}
