import { z } from 'zod';
import { messageTemplate } from './message-template.js';

/** The most plugins one version may require. */
export const REQUIRES_MAX = 20;

/** Messages of plugin dependencies (docs/dependencies.md). */
export const DEPENDENCY_MESSAGES = {
  invalid: 'requires must be plugin ids separated by commas',
  tooMany: `A version may require at most ${REQUIRES_MAX} plugins`,
  self: 'A plugin cannot require itself',
  unknown: messageTemplate('Unknown plugin {id} in requires', (id: number) => ({ id })),
  unpublished: messageTemplate(
    '{name} is not published: only public plugins with a published version can be required',
    (name: string) => ({ name }),
  ),
  cycle: messageTemplate('Requiring these plugins would make a cycle: {names}', (names: string[]) => ({
    names: names.join(' → '),
  })),
} as const;

/** Plugin ids as the source upload takes them (a comma-separated form field); empty = none. */
export function parseRequiredIds(value: string | undefined): number[] | 'invalid' {
  const parts = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.every((s) => /^\d{1,9}$/.test(s) && Number(s) > 0)) return 'invalid';
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}

/** A plugin the live version requires, as GET /plugins/{id} shows it. */
export const requiredPluginSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** It is public with a published version: a player can install it (policy.ts on the server). */
  installable: z.boolean(),
});
export type RequiredPlugin = z.infer<typeof requiredPluginSchema>;
