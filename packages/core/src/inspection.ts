import { z } from 'zod';
import { messageTemplate } from './message-template.js';

/**
 * What the site reads inside every DLL of a plugin's binary (docs/inspection.md): the abilities it
 * looks for, their texts, and the shapes the review detail and the plugin page carry. Which imports
 * give which ability is the server's table (apps/server/src/modules/plugins/capabilities.ts).
 */
export const CAPABILITY_IDS = [
  'network',
  'launch',
  'processMemory',
  'inputHooks',
  'registry',
  'dynamicCode',
  'crypto',
  'packed',
] as const;
export type CapabilityId = (typeof CAPABILITY_IDS)[number];

/** How moderators read each ability (review page, 409 message). */
export const CAPABILITY_LABELS: Record<CapabilityId, string> = {
  network: 'network',
  launch: 'launching programs',
  processMemory: "reading or writing other processes' memory",
  inputHooks: 'keyboard or mouse hooks',
  registry: 'registry',
  dynamicCode: 'loading code at run time',
  crypto: 'cryptography',
  packed: 'packed or obfuscated',
};

/** How players read each ability, after 'This plugin can: '. */
export const CAPABILITY_PLAIN: Record<CapabilityId, string> = {
  network: 'use the network',
  launch: 'launch other programs',
  processMemory: "read or write other programs' memory",
  inputHooks: 'watch the keyboard or mouse outside the game',
  registry: 'read or change the Windows registry',
  dynamicCode: 'load more code while it runs',
  crypto: 'encrypt or decrypt data',
  packed: 'hide its code (packed or obfuscated)',
};

/** Abilities a moderator must acknowledge before approving, whatever the previous version did. */
export const RISKY_CAPABILITIES: readonly CapabilityId[] = ['processMemory', 'launch', 'packed'];

export const capabilityIdSchema = z.enum(CAPABILITY_IDS);

/** One ability of a DLL or a version, with what gives it ('urlmon.dll!URLDownloadToFileA', 'section .text entropy 7.9'). */
export const capabilitySchema = z.object({ id: capabilityIdSchema, evidence: z.array(z.string()) });
export type Capability = z.infer<typeof capabilitySchema>;

export const dllInspectionSchema = z.object({
  /** Where it is in the ZIP (an archive inside: 'inner.zip/x.dll'). */
  path: z.string(),
  machine: z.string(),
  /** An Authenticode signature is attached (present; the site does not verify it). */
  signed: z.boolean(),
  imports: z.array(z.object({ dll: z.string(), functions: z.array(z.string()), delayed: z.boolean() })),
  exports: z.array(z.string()),
  sections: z.array(
    z.object({
      name: z.string(),
      virtualSize: z.number().int(),
      rawSize: z.number().int(),
      entropy: z.number(),
      executable: z.boolean(),
      writable: z.boolean(),
    }),
  ),
  urls: z.array(z.string()),
  /** Host names and IP addresses among its strings and URLs. */
  hosts: z.array(z.string()),
  capabilities: z.array(capabilitySchema),
});
export type DllInspection = z.infer<typeof dllInspectionSchema>;

/** A flag to acknowledge: a risky ability, or what is new since the last approved version. */
export const inspectionFlagSchema = z.object({
  kind: z.enum(['risky', 'newCapability', 'newHost']),
  /** A CapabilityId, or the host name. */
  value: z.string(),
});
export type InspectionFlag = z.infer<typeof inspectionFlagSchema>;

export const reviewInspectionSchema = z.object({
  dlls: z.array(dllInspectionSchema),
  capabilities: z.array(capabilitySchema),
  hosts: z.array(z.string()),
  /** Compared with the last approved version (all empty for a first version: comparedWith is then null). */
  changes: z.object({
    added: z.array(capabilityIdSchema),
    removed: z.array(capabilityIdSchema),
    newHosts: z.array(z.string()),
  }),
  comparedWith: z.object({ submissionId: z.number().int(), version: z.string().nullable() }).nullable(),
  /** What approving needs acknowledged (acknowledgeFlags: true); empty when nothing. */
  flags: z.array(inspectionFlagSchema),
});
export type ReviewInspection = z.infer<typeof reviewInspectionSchema>;

/** The plugin page's plain summary of the live version: null when it was not inspected. */
export const pluginAbilitiesSchema = z.object({
  capabilities: z.array(capabilityIdSchema),
  hosts: z.array(z.string()),
});
export type PluginAbilities = z.infer<typeof pluginAbilitiesSchema>;

/** Shown hosts after an ability in the plain summary: at most this many, then '+N more'. */
export const SUMMARY_HOSTS_MAX = 3;

/** 'This plugin can: use the network (api.example.com), launch other programs.' */
export function abilitiesSentence(a: PluginAbilities): string | null {
  if (!a.capabilities.length) return null;
  const parts = a.capabilities.map((id) => {
    if (id !== 'network' || !a.hosts.length) return CAPABILITY_PLAIN[id];
    const shown = a.hosts.slice(0, SUMMARY_HOSTS_MAX).join(', ');
    const more = a.hosts.length - SUMMARY_HOSTS_MAX;
    return `${CAPABILITY_PLAIN[id]} (${shown}${more > 0 ? `, +${more} more` : ''})`;
  });
  return `This plugin can: ${parts.join(', ')}.`;
}

/** A flag as the moderator reads it. */
export function flagText(f: InspectionFlag): string {
  if (f.kind === 'newHost') return `new host ${f.value}`;
  const label = CAPABILITY_LABELS[f.value as CapabilityId] ?? f.value;
  return f.kind === 'newCapability' ? `new: ${label}` : label;
}

export const INSPECTION_MESSAGES = {
  notPe: messageTemplate('{path} is not a Windows DLL (it has no PE header)', (path: string) => ({ path })),
  machine: messageTemplate(
    '{path} is built for {machine}; only 64-bit (x64) DLLs run in Rocket League',
    (path: string, machine: string) => ({ path, machine }),
  ),
  damaged: messageTemplate('{path} is not a readable Windows DLL ({what})', (path: string, what: string) => ({
    path,
    what,
  })),
  acknowledge: messageTemplate(
    'Approving this binary needs acknowledgeFlags: true for: {flags}',
    (flags: InspectionFlag[]) => ({ flags: flags.map(flagText).join('; ') }),
  ),
} as const;
