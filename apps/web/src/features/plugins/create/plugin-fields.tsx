import { PLUGIN_SHORT_DESCRIPTION_MAX } from '@bm/core';
import { useState } from 'react';
import { cx } from '../../../components/ui';

/** The plugin's own fields, as the create form and the manage page's details edit them. */
export type PluginField = 'name' | 'shortDescription' | 'homepage' | 'sourceCodeUrl' | 'description';
export type PluginValues = Record<PluginField, string>;
export type PluginFieldErrors = Partial<Record<PluginField, string>>;
export const PLUGIN_FIELDS: readonly PluginField[] = [
  'name',
  'shortDescription',
  'homepage',
  'sourceCodeUrl',
  'description',
];

/** Each plugin field's first message, in the reader's language (`say`); other keys are left out. */
export function pluginFieldErrors(
  entries: Iterable<readonly [unknown, string | undefined]>,
  say: (message: string) => string,
): PluginFieldErrors {
  const out: PluginFieldErrors = {};
  for (const [key, message] of entries) {
    const field = PLUGIN_FIELDS.find((f) => f === key);
    if (field && message && !out[field]) out[field] = say(message);
  }
  return out;
}

/** A failed check's issues as field errors: each field's first issue. */
export const pluginIssueErrors = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  say: (message: string) => string,
): PluginFieldErrors =>
  pluginFieldErrors(
    issues.map((i) => [i.path[0], i.message]),
    say,
  );

/**
 * The values and errors of a plugin form: `field(name)` gives an input its value, onChange and error,
 * and typing in a field clears that field's error.
 */
export function usePluginFields(initial: () => PluginValues) {
  const [values, setValues] = useState<PluginValues>(initial);
  const [errors, setErrors] = useState<PluginFieldErrors>({});
  const set = (field: PluginField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((x) => ({ ...x, [field]: undefined }));
  };
  const field = (name: PluginField) => ({ value: values[name], onChange: set(name), error: errors[name] });
  return { values, setValues, errors, setErrors, set, field };
}

/** The short description's length against its maximum, red once it is over. */
export function ShortDescriptionCounter({ text, length }: { text: string; length: number }) {
  return (
    <p
      data-testid="short-description-counter"
      className={cx(
        '-mt-2 text-right text-xs',
        length > PLUGIN_SHORT_DESCRIPTION_MAX ? 'font-semibold text-rose-400' : 'text-slate-400',
      )}
    >
      {text}
    </p>
  );
}
