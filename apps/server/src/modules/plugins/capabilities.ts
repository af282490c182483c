import type { Capability, CapabilityId } from '@bm/core';
import type { PeImport, PeSection } from './pe.js';

/**
 * THE table of what a DLL's imports say it can do (docs/inspection.md shows it too; change both).
 *
 * - `dlls`: importing anything from one of these DLLs gives the ability (lower case, '.dll' left out).
 * - `functions`: importing one of these functions, from whichever DLL (the C runtime and the
 *   Windows API sets move functions between DLLs), gives it. A name ending in A or W (the ANSI and
 *   wide forms of the Windows API) counts as the name without it: 'CreateProcess' covers
 *   CreateProcessA and CreateProcessW, 'ShellExecuteEx' ShellExecuteExA and ShellExecuteExW.
 * Names compare case-sensitively (Windows exports do); DLL names without regard to case.
 */
export const CAPABILITY_IMPORTS: Record<Exclude<CapabilityId, 'packed'>, { dlls: string[]; functions: string[] }> = {
  network: {
    dlls: ['ws2_32', 'wsock32', 'mswsock', 'wininet', 'winhttp', 'urlmon', 'dnsapi', 'websocket', 'httpapi'],
    functions: [],
  },
  launch: {
    dlls: [],
    functions: [
      'CreateProcess',
      'CreateProcessAsUser',
      'CreateProcessWithLogon',
      'CreateProcessWithToken',
      'WinExec',
      'ShellExecute',
      'ShellExecuteEx',
      'system',
      '_wsystem',
      '_popen',
      '_wpopen',
      '_spawnv',
      '_spawnve',
      '_spawnvp',
      '_spawnl',
      '_spawnlp',
      '_wspawnv',
      '_wspawnvp',
      '_execv',
      '_execvp',
      '_execl',
      '_execlp',
    ],
  },
  processMemory: {
    dlls: [],
    functions: [
      'ReadProcessMemory',
      'WriteProcessMemory',
      'VirtualAllocEx',
      'VirtualAllocExNuma',
      'VirtualProtectEx',
      'CreateRemoteThread',
      'CreateRemoteThreadEx',
      'NtReadVirtualMemory',
      'NtWriteVirtualMemory',
      'NtCreateThreadEx',
      'RtlCreateUserThread',
    ],
  },
  inputHooks: {
    dlls: [],
    functions: ['SetWindowsHookEx', 'RegisterRawInputDevices'],
  },
  registry: {
    dlls: [],
    functions: [
      'RegOpenKey',
      'RegOpenKeyEx',
      'RegCreateKey',
      'RegCreateKeyEx',
      'RegSetValue',
      'RegSetValueEx',
      'RegSetKeyValue',
      'RegQueryValue',
      'RegQueryValueEx',
      'RegGetValue',
      'RegDeleteKey',
      'RegDeleteKeyEx',
      'RegDeleteValue',
      'RegDeleteTree',
      'RegEnumKey',
      'RegEnumKeyEx',
      'RegEnumValue',
      'RegLoadKey',
      'RegSaveKey',
      'RegRestoreKey',
      'RegConnectRegistry',
      'SHGetValue',
      'SHSetValue',
      'SHDeleteKey',
      'SHDeleteValue',
      'SHRegGetValue',
      'NtSetValueKey',
      'NtCreateKey',
      'NtOpenKey',
    ],
  },
  dynamicCode: {
    dlls: [],
    functions: ['LoadLibrary', 'LoadLibraryEx', 'LoadPackagedLibrary', 'LdrLoadDll'],
  },
  crypto: {
    dlls: ['bcrypt', 'ncrypt'],
    functions: [
      'CryptAcquireContext',
      'CryptEncrypt',
      'CryptDecrypt',
      'CryptGenKey',
      'CryptDeriveKey',
      'CryptImportKey',
      'CryptCreateHash',
      'CryptHashData',
      'CryptProtectData',
      'CryptUnprotectData',
    ],
  },
};

/**
 * Packed or obfuscated: a section whose bytes are this close to random (bits per byte, 8 at most;
 * compiled code is about 6, compressed or encrypted data about 8)...
 */
export const PACKED_ENTROPY = 7.2;
/** ...in a DLL importing fewer functions than this (a packer leaves only what its unpacker needs). */
export const PACKED_MAX_IMPORTS = 20;
/** Sections smaller than this are not judged by their entropy (a few random bytes look random). */
export const PACKED_MIN_SECTION_BYTES = 1024;
/** Section names that packers and protectors leave behind. */
export const PACKER_SECTIONS = [
  'UPX0',
  'UPX1',
  'UPX2',
  '.aspack',
  '.adata',
  '.MPRESS1',
  '.MPRESS2',
  '.vmp0',
  '.vmp1',
  '.themida',
  '.enigma1',
  '.petite',
  '.nsp0',
  '.nsp1',
];

const baseName = (dll: string) => dll.toLowerCase().replace(/\.dll$/, '');
const tables = Object.entries(CAPABILITY_IMPORTS).map(([id, t]) => ({
  id: id as CapabilityId,
  dlls: new Set(t.dlls),
  functions: new Set(t.functions),
}));

/** Whether `name` is one of `functions`, or one of them with the A or W ending. */
function named(functions: Set<string>, name: string) {
  return functions.has(name) || (/[a-z0-9][AW]$/.test(name) && functions.has(name.slice(0, -1)));
}

/** The abilities a DLL's imports and sections show, each with what shows it, in CAPABILITY_IDS order. */
export function capabilitiesOf(
  imports: PeImport[],
  sections: PeSection[],
  order: readonly CapabilityId[],
): Capability[] {
  const found = new Map<CapabilityId, string[]>();
  const add = (id: CapabilityId, evidence: string) => {
    const list = found.get(id) ?? [];
    if (!list.includes(evidence)) list.push(evidence);
    found.set(id, list);
  };
  for (const imp of imports) {
    const dll = baseName(imp.dll);
    for (const t of tables) {
      for (const fn of imp.functions) {
        if (t.dlls.has(dll) || named(t.functions, fn)) add(t.id, `${imp.dll}!${fn}`);
      }
      if (t.dlls.has(dll) && !imp.functions.length) add(t.id, imp.dll);
    }
  }
  const importCount = imports.reduce((n, i) => n + i.functions.length, 0);
  for (const s of sections) {
    if (PACKER_SECTIONS.some((p) => p.toLowerCase() === s.name.toLowerCase())) add('packed', `section ${s.name}`);
    if (s.entropy >= PACKED_ENTROPY && s.rawSize >= PACKED_MIN_SECTION_BYTES && importCount < PACKED_MAX_IMPORTS)
      add('packed', `section ${s.name} entropy ${s.entropy.toFixed(2)} with ${importCount} imports`);
  }
  return order.filter((id) => found.has(id)).map((id) => ({ id, evidence: found.get(id)! }));
}
