import { TextField, type TextFieldProps } from './ui/field';

/**
 * The field for an authenticator app's code (name `code`): the numeric keypad on phones, the browser's
 * one-time-code autofill, and room for six digits with a space between the threes.
 */
export function OneTimeCodeField(props: Omit<TextFieldProps, 'name' | 'inputMode' | 'autoComplete' | 'maxLength'>) {
  return <TextField {...props} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} />;
}
