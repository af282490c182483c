import {
  CAPABILITY_IDS,
  INSPECTION_MESSAGES as M,
  RISKY_CAPABILITIES,
  type Capability,
  type CapabilityId,
  type DllInspection,
  type InspectionFlag,
  type PluginAbilities,
  type ReviewInspection,
} from '@bm/core';
import { capabilitiesOf } from './capabilities.js';
import { PeError, readPe } from './pe.js';

/** What is stored per version (submissions.binary_inspection): every DLL read, and their union. */
export interface BinaryInspection {
  dlls: DllInspection[];
  capabilities: Capability[];
  hosts: string[];
}

/** A DLL the site refuses: not a PE file, or not built for x64. The message names the file and why. */
export class InspectionRefused extends Error {}

/** Names that say 'Windows executable code'; any other file is read as one when it starts like one ('MZ'). */
const EXECUTABLE_NAME = /\.(dll|exe|asi|sys|ocx|cpl|scr)$/i;
/** Which entries of a binary ZIP are kept for inspection (the ZIP check hands their bytes over). */
export const keepForInspection = (name: string, head: Buffer) =>
  EXECUTABLE_NAME.test(name) || (head.length >= 2 && head.readUInt16LE(0) === 0x5a4d);

const MIN_STRING = 5;
const MAX_FOUND = 100;
const URL = /\b(?:https?|wss?|ftp):\/\/[^\s"'<>\\^`{|}]{1,2000}/gi;
const HOST =
  /(?<![\w.@-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:com|net|org|io|gg|dev|app|co|me|info|xyz|ru|cn|de|uk|fr|tk|top|site|online|cc|biz|us|eu|ly|to|sh|link|live|cloud|club|pw|su|ws|tv)(?![\w-])/gi;
const IPV4 = /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?![\d.])/g;

/** Runs of printable ASCII, as single bytes and as UTF-16LE, at least MIN_STRING characters long. */
export function* stringsOf(data: Buffer): Generator<string> {
  const printable = (b: number) => b >= 0x20 && b < 0x7f;
  let start = -1;
  for (let i = 0; i <= data.length; i++) {
    if (i < data.length && printable(data[i]!)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= MIN_STRING) yield data.toString('latin1', start, i);
      start = -1;
    }
  }
  for (let align = 0; align < 2; align++) {
    let run: number[] = [];
    for (let i = align; i + 1 <= data.length; i += 2) {
      const ok = i + 1 < data.length && printable(data[i]!) && data[i + 1] === 0;
      if (ok) run.push(data[i]!);
      else {
        if (run.length >= MIN_STRING) yield String.fromCharCode(...run);
        run = [];
      }
    }
  }
}

/** The URLs, and the host names and IPv4 addresses (from the URLs too), among a file's strings. */
export function addressesOf(data: Buffer): { urls: string[]; hosts: string[] } {
  const urls = new Set<string>();
  const hosts = new Set<string>();
  const addHost = (h: string) => {
    if (hosts.size < MAX_FOUND) hosts.add(h.toLowerCase().replace(/\.$/, ''));
  };
  for (const s of stringsOf(data)) {
    for (const m of s.matchAll(URL)) {
      const url = m[0].replace(/[.,;:)\]]+$/, '');
      if (urls.size < MAX_FOUND) urls.add(url.slice(0, 300));
      try {
        const host = new globalThis.URL(url).hostname.replace(/^\[|\]$/g, '');
        if (host) addHost(host);
      } catch {
        // Not a URL after all: its host name may still be found below.
      }
    }
    for (const m of s.matchAll(HOST)) addHost(m[0]);
    for (const m of s.matchAll(IPV4)) {
      const octets = m[0].split('.');
      // 0.x.x.x is no address; x.0.0.0 is far more often a version number than a network.
      if (octets[0] === '0' || octets.slice(1).every((o) => o === '0')) continue;
      addHost(m[0]);
    }
  }
  return { urls: [...urls], hosts: [...hosts] };
}

/**
 * Reads one executable file of a binary ZIP. A '.dll' must be a PE file built for x64, else
 * InspectionRefused; another file kept because it starts with 'MZ' is left out (null) when it is
 * not a PE file after all.
 */
export function inspectExecutable(path: string, data: Buffer): DllInspection | null {
  const mustBeDll = /\.dll$/i.test(path);
  let pe;
  try {
    pe = readPe(data);
  } catch (e) {
    if (!mustBeDll) return null;
    if (e instanceof PeError && e.kind === 'notPe') throw new InspectionRefused(M.notPe(path));
    throw new InspectionRefused(M.damaged(path, e instanceof Error ? e.message : 'unreadable'));
  }
  if (mustBeDll && pe.machine !== 'x64') throw new InspectionRefused(M.machine(path, pe.machine));
  const { urls, hosts } = addressesOf(data);
  return {
    path,
    machine: pe.machine,
    signed: pe.signed,
    imports: pe.imports,
    exports: pe.exports,
    sections: pe.sections,
    urls,
    hosts,
    capabilities: capabilitiesOf(pe.imports, pe.sections, CAPABILITY_IDS),
  };
}

/** Reads every executable kept from a binary ZIP; throws InspectionRefused for the first one refused. */
export function inspectBinary(files: Array<{ path: string; data: Buffer }>): BinaryInspection {
  const dlls = files
    .map((f) => inspectExecutable(f.path, f.data))
    .filter((d): d is DllInspection => d !== null)
    .sort((a, b) => a.path.localeCompare(b.path));
  const merged = new Map<CapabilityId, Set<string>>();
  for (const d of dlls)
    for (const c of d.capabilities) {
      const set = merged.get(c.id) ?? new Set<string>();
      for (const e of c.evidence) set.add(e);
      merged.set(c.id, set);
    }
  return {
    dlls,
    capabilities: CAPABILITY_IDS.filter((id) => merged.has(id)).map((id) => ({ id, evidence: [...merged.get(id)!] })),
    hosts: [...new Set(dlls.flatMap((d) => d.hosts))],
  };
}

/** What a version adds and drops against the last approved one (null: a first version, nothing to compare). */
export function compareInspections(current: BinaryInspection, previous: BinaryInspection | null) {
  if (!previous) return { added: [], removed: [], newHosts: [] };
  const had = new Set(previous.capabilities.map((c) => c.id));
  const has = new Set(current.capabilities.map((c) => c.id));
  const knownHosts = new Set(previous.hosts);
  return {
    added: current.capabilities.map((c) => c.id).filter((id) => !had.has(id)),
    removed: previous.capabilities.map((c) => c.id).filter((id) => !has.has(id)),
    newHosts: current.hosts.filter((h) => !knownHosts.has(h)),
  };
}

/** What approving needs acknowledged: the risky abilities, and every ability or host new since the last approved version. */
export function flagsOf(current: BinaryInspection, changes: ReturnType<typeof compareInspections>): InspectionFlag[] {
  return [
    ...current.capabilities
      .filter((c) => RISKY_CAPABILITIES.includes(c.id))
      .map((c): InspectionFlag => ({ kind: 'risky', value: c.id })),
    ...changes.added.map((id): InspectionFlag => ({ kind: 'newCapability', value: id })),
    ...changes.newHosts.map((h): InspectionFlag => ({ kind: 'newHost', value: h })),
  ];
}

/** The review detail's inspection: the version's, compared with the last approved version's. */
export function reviewInspection(
  current: BinaryInspection,
  previous: { submissionId: number; version: string | null; inspection: BinaryInspection } | null,
): ReviewInspection {
  const changes = compareInspections(current, previous?.inspection ?? null);
  return {
    dlls: current.dlls,
    capabilities: current.capabilities,
    hosts: current.hosts,
    changes,
    comparedWith: previous ? { submissionId: previous.submissionId, version: previous.version } : null,
    flags: flagsOf(current, changes),
  };
}

/** The plugin page's plain summary. */
export const abilitiesOf = (i: BinaryInspection): PluginAbilities => ({
  capabilities: i.capabilities.map((c) => c.id),
  hosts: i.hosts,
});
