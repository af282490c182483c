import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { useCommonT } from '../../lib/i18n/common';
import { cx, focusRing, inputClasses } from './cx';

export { inputClasses };

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  success?: string | null;
  labelAside?: ReactNode;
  children: ReactNode;
  hintId: string;
  errorId: string;
}

function FieldFrame({ id, label, error, hint, success, labelAside, children, hintId, errorId }: FieldFrameProps) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-200">
          {label}
        </label>
        {labelAside}
      </div>
      {children}
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-rose-400">
          {error}
        </p>
      ) : success ? (
        <p id={errorId} className="text-xs font-medium text-emerald-400">
          {success}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Positive feedback shown in place of an error (e.g. 'Passwords match'). */
  success?: string | null;
  labelAside?: ReactNode;
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  id?: string;
}

export function TextField({
  label,
  error,
  hint,
  success,
  labelAside,
  trailing,
  id,
  className,
  ref,
  ...rest
}: TextFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-msg`;
  return (
    <FieldFrame {...{ id: fieldId, label, error, hint, success, labelAside, hintId, errorId }}>
      <div className="relative">
        <input
          ref={ref}
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(Boolean(hint) && !error && hintId, Boolean(error || success) && errorId)}
          className={cx(inputClasses(Boolean(error)), trailing ? 'pr-20' : undefined, className)}
          {...rest}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
    </FieldFrame>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with its own show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const t = useCommonT();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? t('password.hideLabel') : t('password.showLabel')}
          className={cx('rounded-md px-2 py-1 text-xs font-medium text-slate-300 hover:text-white', focusRing)}
        >
          {visible ? t('password.hide') : t('password.show')}
        </button>
      }
    />
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, id, className, ref, ...rest }: TextAreaFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-msg`;
  return (
    <FieldFrame {...{ id: fieldId, label, error, hint, hintId, errorId }}>
      <textarea
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(Boolean(hint) && !error && hintId, Boolean(error) && errorId)}
        className={cx(inputClasses(Boolean(error)), 'min-h-28 resize-y', className)}
        {...rest}
      />
    </FieldFrame>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  ref?: Ref<HTMLInputElement>;
  label: ReactNode;
  id?: string;
  description?: ReactNode;
}

export function Checkbox({ label, id, description, className, ...rest }: CheckboxProps) {
  const auto = useId();
  const boxId = id ?? auto;
  return (
    <div className={cx('flex items-start gap-2.5', className)}>
      <input
        id={boxId}
        type="checkbox"
        aria-describedby={description ? `${boxId}-desc` : undefined}
        className={cx('mt-0.5 h-4 w-4 shrink-0 rounded border-slate-600 bg-slate-900 accent-sky-500', focusRing)}
        {...rest}
      />
      <div className="text-sm">
        <label htmlFor={boxId} className="text-slate-200">
          {label}
        </label>
        {description && (
          <p id={`${boxId}-desc`} className="text-xs text-slate-400">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}

export { focusRing };
