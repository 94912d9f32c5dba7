import * as RadixSelect from '@radix-ui/react-select';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Check from 'lucide-react/icons/check';
import { useId, type ReactNode } from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface SelectProps<V extends string> {
  label: ReactNode;
  options: readonly SelectOption<V>[];
  value: V;
  onValueChange: (value: V) => void;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/**
 * A choice of one value from a short list, drawn with the tokens (Radix Select: a combobox button
 * opening a listbox; arrows, typing a letter, Enter and Escape). Forms that post a native <select>
 * keep theirs: this is for choices that apply at once (a filter, a view).
 */
export function Select<V extends string>({ label, options, value, onValueChange, hint, disabled, className }: SelectProps<V>) {
  const id = useId();
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      {hint !== undefined && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      <RadixSelect.Root value={value} onValueChange={(next) => onValueChange(next as V)} disabled={disabled}>
        <RadixSelect.Trigger id={id} className="select-trigger" aria-labelledby={`${id}-label`} aria-describedby={hint === undefined ? undefined : `${id}-hint`}>
          <RadixSelect.Value />
          <RadixSelect.Icon className="select-icon">
            <ChevronDown aria-hidden="true" size={16} />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className="select-content" position="popper" sideOffset={4}>
            <RadixSelect.Viewport>
              {options.map((option) => (
                <RadixSelect.Item key={option.value} value={option.value} disabled={option.disabled} className="select-item">
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator className="select-item-indicator">
                    <Check aria-hidden="true" size={14} />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </div>
  );
}
