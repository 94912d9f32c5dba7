import * as RadixCheckbox from '@radix-ui/react-checkbox';
import Check from 'lucide-react/icons/check';
import { useId, type ReactNode } from 'react';

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The form field's name, for a form that is submitted as FormData. */
  name?: string;
  className?: string;
}

/** A checkbox drawn with the tokens in both themes (Radix Checkbox: role="checkbox", Space toggles), with its label. */
export function Checkbox({ label, checked, onCheckedChange, disabled, name, className }: CheckboxProps) {
  const id = useId();
  return (
    <div className={['checkbox-field', className].filter(Boolean).join(' ')}>
      <RadixCheckbox.Root id={id} className="checkbox" name={name} checked={checked} onCheckedChange={(state) => onCheckedChange(state === true)} disabled={disabled}>
        <RadixCheckbox.Indicator className="checkbox-indicator">
          <Check aria-hidden="true" size={14} strokeWidth={3} />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
