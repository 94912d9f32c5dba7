import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';

export interface SwitchProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** A line under the label on what turning it on does. */
  hint?: ReactNode;
  className?: string;
}

/** An on/off setting that applies at once (Radix Switch: role="switch", Space and Enter toggle), with its label. */
export function Switch({ label, checked, onCheckedChange, disabled, hint, className }: SwitchProps) {
  const id = useId();
  return (
    <div className={['switch-field', className].filter(Boolean).join(' ')}>
      <RadixSwitch.Root id={id} className="switch" checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} aria-describedby={hint === undefined ? undefined : `${id}-hint`}>
        <RadixSwitch.Thumb className="switch-thumb" />
      </RadixSwitch.Root>
      <label htmlFor={id}>{label}</label>
      {hint !== undefined && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
    </div>
  );
}
