import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx, inputClasses } from './ui/cx';

export interface SearchInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  /** The label's classes: by default it is for screen readers only (the box's placeholder shows it). */
  labelClassName?: string;
}

/**
 * A search box's field styled as the site's inputs (`className` is added to theirs), after its label,
 * the two tied by an id of their own; a search takes 200 characters at the most. The form around it
 * (role=search, what submitting does) is the caller's.
 */
export function SearchInput({ label, labelClassName = 'sr-only', className, ...rest }: SearchInputProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input id={id} type="search" maxLength={200} className={cx(inputClasses(false), className)} {...rest} />
    </>
  );
}
