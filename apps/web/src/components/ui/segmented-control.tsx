import { useId } from 'react';
import { cn } from './cn.ts';

export interface SegmentedControlOption<T extends string> {
  value: T;
  label: string;
}

export interface SegmentedControlProps<T extends string> {
  /** Names the group for screen readers; shown above the control when showLabel is set. */
  label: string;
  // NoInfer: T comes from `value` alone, so inline option literals are checked against it rather than
  // widening it to string, and a useState setter can be passed straight to onChange.
  options: ReadonlyArray<SegmentedControlOption<NoInfer<T>>>;
  value: T;
  onChange(value: NoInfer<T>): void;
  /** Shows the label as visible text above the control. */
  showLabel?: boolean;
  size?: 'sm' | 'md';
  /** Stretches the control and its segments to the container's width. */
  fullWidth?: boolean;
  /** The radios' shared name; generated when not given. */
  name?: string;
  className?: string;
}

/**
 * A one-of-many choice shown as joined segments. Each segment is a native radio button in one named
 * group, so the group is a single tab stop and the arrow keys move the selection (roving tabindex done
 * by the browser), and Playwright's check() and getByLabel() work. The invisible radio covers its
 * segment, so pointer clicks land on the radio itself.
 */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
  showLabel = false,
  size = 'md',
  fullWidth = false,
  name,
  className,
}: SegmentedControlProps<T>) {
  const id = useId();
  const labelId = `${id}-label`;
  const groupName = name ?? `${id}-segments`;
  return (
    <div className={cn('flex max-w-full flex-col gap-1.5', fullWidth ? 'w-full' : 'items-start', className)}>
      {showLabel && (
        <span id={labelId} className="text-sm font-medium text-ink">
          {label}
        </span>
      )}
      <div
        role="radiogroup"
        aria-label={showLabel ? undefined : label}
        aria-labelledby={showLabel ? labelId : undefined}
        className={cn(
          'inline-flex max-w-full gap-0.5 overflow-x-auto rounded-xl bg-black/[0.06] p-0.5',
          fullWidth && 'w-full',
        )}
      >
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'relative flex shrink-0 items-center justify-center rounded-[10px] font-medium whitespace-nowrap',
                'transition-[background-color,color,box-shadow] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                size === 'sm' ? 'h-7 px-3 text-xs' : 'h-8 px-4 text-sm',
                fullWidth && 'flex-1',
                checked ? 'bg-white text-ink shadow-sm ring-1 ring-black/5' : 'text-ink-muted hover:text-ink',
              )}
            >
              <input
                type="radio"
                name={groupName}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none rounded-[inherit] opacity-0 focus-visible:outline-none"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </div>
  );
}
