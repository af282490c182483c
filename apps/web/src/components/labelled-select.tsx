import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx, inputClasses } from './ui/cx';

export interface LabelledSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  /** The classes of the box that holds the label and the select (none: a bare div). */
  boxClassName?: string;
  labelClassName?: string;
}

/**
 * A select styled as the site's inputs (`className` is added to theirs) under or beside its visible
 * label, the two tied by an id of their own: the filters, page sizes and choices of a form that
 * need no hint or error line (those are TextField's).
 */
export function LabelledSelect({
  label,
  boxClassName,
  labelClassName,
  className,
  children,
  ...rest
}: LabelledSelectProps) {
  const id = useId();
  return (
    <div className={boxClassName}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} className={cx(inputClasses(false), className)} {...rest}>
        {children}
      </select>
    </div>
  );
}
