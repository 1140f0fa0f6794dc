import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useId } from 'react';
import { cn } from './cn.ts';

export interface SwitchProps {
  /** Visible and tied to the switch: clicking it toggles the switch too. */
  label: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  description?: string;
  disabled?: boolean;
  id?: string;
  /** Submitted with a surrounding form when set. */
  name?: string;
  className?: string;
}

/** An on/off setting (role switch): Space or Enter toggles it. */
export function Switch({ label, checked, onCheckedChange, description, disabled, id, name, className }: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const descriptionId = `${switchId}-description`;
  return (
    <div className={cn('flex items-center justify-between gap-4', className)}>
      <div className="flex min-w-0 flex-col gap-0.5">
        <label
          htmlFor={switchId}
          className={cn(
            'text-sm font-medium',
            disabled ? 'cursor-not-allowed text-ink-muted' : 'cursor-pointer text-ink',
          )}
        >
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-xs text-ink-muted">
            {description}
          </p>
        )}
      </div>
      <SwitchPrimitive.Root
        id={switchId}
        name={name}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          'relative inline-flex h-[26px] w-[44px] shrink-0 items-center rounded-full p-[2px] transition-colors',
          // The off track keeps 3:1 against white (WCAG 1.4.11); on is the one accent colour.
          'bg-[#8e8e93] data-[state=checked]:bg-accent disabled:cursor-not-allowed disabled:opacity-50',
        )}
      >
        <SwitchPrimitive.Thumb
          className={cn(
            'pointer-events-none block h-[22px] w-[22px] rounded-full bg-white shadow-[0_1px_3px_rgba(0,0,0,0.25)]',
            'transition-transform duration-200 data-[state=checked]:translate-x-[18px]',
          )}
        />
      </SwitchPrimitive.Root>
    </div>
  );
}
