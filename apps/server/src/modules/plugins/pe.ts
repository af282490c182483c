/**
 * A reader of Windows PE files (DLLs and executables) for what the site looks at inside a plugin
 * (docs/inspection.md): the machine, the sections with their entropy, the imported functions (by
 * name or ordinal, delay-loaded ones too), the exported ones, and whether an Authenticode
 * signature is attached. It only reads: every offset is checked against the file, every list is
 * capped, and a file that does not hold together throws a PeError saying what is wrong.
 */

export class PeError extends Error {
  constructor(
    readonly kind: 'notPe' | 'damaged',
    message: string,
  ) {
    super(message);
  }
}

const MACHINES: Record<number, string> = {
  0x8664: 'x64',
  0x014c: 'x86',
  0xaa64: 'arm64',
  0x01c4: 'arm',
  0x0200: 'ia64',
};
/** The machine's name as the site shows it ('x64', 'x86', 'arm64'...; unknown ones in hex). */
export const machineName = (code: number) => MACHINES[code] ?? `0x${code.toString(16).padStart(4, '0')}`;

export interface PeSection {
  name: string;
  virtualSize: number;
  rawSize: number;
  /** Shannon entropy of the section's bytes in the file, in bits per byte (0 to 8), two decimals. */
  entropy: number;
  executable: boolean;
  writable: boolean;
}

export interface PeImport {
  /** The DLL as the file names it (case kept). */
  dll: string;
  /** Function names; an import by ordinal is '#<ordinal>'. */
  functions: string[];
  /** Loaded on first use (the delay-load table) rather than when the DLL is loaded. */
  delayed: boolean;
}

export interface PeInfo {
  machine: string;
  /** PE32+ (64-bit) rather than PE32. */
  pe32Plus: boolean;
  isDll: boolean;
  sections: PeSection[];
  imports: PeImport[];
  /** Exported names; an export by ordinal only is '#<ordinal>'. */
  exports: string[];
  /** An Authenticode signature (WIN_CERTIFICATE of type PKCS#7) is attached; it is not verified. */
  signed: boolean;
}

const MAX_SECTIONS = 96;
const MAX_IMPORT_DLLS = 512;
const MAX_FUNCTIONS = 20_000;
const MAX_EXPORTS = 20_000;
const MAX_NAME = 512;

const IMAGE_SCN_MEM_EXECUTE = 0x20000000;
const IMAGE_SCN_MEM_WRITE = 0x80000000;
const IMAGE_FILE_DLL = 0x2000;
const WIN_CERT_TYPE_PKCS_SIGNED_DATA = 0x0002;

/** Shannon entropy of bytes, in bits per byte. */
export function entropy(data: Uint8Array): number {
  if (!data.length) return 0;
  const counts = new Uint32Array(256);
  for (const b of data) counts[b]!++;
  let h = 0;
  for (const c of counts) {
    if (!c) continue;
    const p = c / data.length;
    h -= p * Math.log2(p);
  }
  return h;
}

interface RawSection extends PeSection {
  va: number;
  rawPointer: number;
}

/** Reads a PE file; throws a PeError for a file that is not one or does not hold together. */
export function readPe(file: Buffer): PeInfo {
  if (file.length < 64 || file.readUInt16LE(0) !== 0x5a4d) throw new PeError('notPe', 'no MZ header');
  const peAt = file.readUInt32LE(0x3c);
  if (peAt + 24 > file.length || file.readUInt32LE(peAt) !== 0x00004550) throw new PeError('notPe', 'no PE header');
  const coff = peAt + 4;
  const machineCode = file.readUInt16LE(coff);
  const sectionCount = file.readUInt16LE(coff + 2);
  const optionalSize = file.readUInt16LE(coff + 16);
  const characteristics = file.readUInt16LE(coff + 18);
  const opt = coff + 20;
  if (sectionCount > MAX_SECTIONS) throw new PeError('damaged', `${sectionCount} sections`);
  if (optionalSize < 2 || opt + optionalSize > file.length) throw new PeError('damaged', 'optional header cut short');
  const magic = file.readUInt16LE(opt);
  if (magic !== 0x20b && magic !== 0x10b) throw new PeError('damaged', 'unknown optional header');
  const pe32Plus = magic === 0x20b;
  const countAt = opt + (pe32Plus ? 108 : 92);
  const dirs = countAt + 4;
  const dirCount = countAt + 4 <= opt + optionalSize ? Math.min(file.readUInt32LE(countAt), 16) : 0;
  const headersSize = opt + 60 + 4 <= file.length ? file.readUInt32LE(opt + 60) : 0;
  const dir = (i: number) =>
    i < dirCount && dirs + i * 8 + 8 <= opt + optionalSize
      ? { rva: file.readUInt32LE(dirs + i * 8), size: file.readUInt32LE(dirs + i * 8 + 4) }
      : { rva: 0, size: 0 };

  const sectionsAt = opt + optionalSize;
  if (sectionsAt + sectionCount * 40 > file.length) throw new PeError('damaged', 'section table cut short');
  const raw: RawSection[] = [];
  for (let i = 0; i < sectionCount; i++) {
    const at = sectionsAt + i * 40;
    const name = file
      .subarray(at, at + 8)
      .toString('latin1')
      .replace(/\0.*$/s, '');
    const virtualSize = file.readUInt32LE(at + 8);
    const va = file.readUInt32LE(at + 12);
    const rawSize = file.readUInt32LE(at + 16);
    const rawPointer = file.readUInt32LE(at + 20);
    const flags = file.readUInt32LE(at + 36);
    const bytes = file.subarray(Math.min(rawPointer, file.length), Math.min(rawPointer + rawSize, file.length));
    raw.push({
      name: printable(name),
      virtualSize,
      rawSize,
      va,
      rawPointer,
      entropy: Math.round(entropy(bytes) * 100) / 100,
      executable: (flags & IMAGE_SCN_MEM_EXECUTE) !== 0,
      writable: (flags & IMAGE_SCN_MEM_WRITE) >>> 0 !== 0,
    });
  }

  const offsetOf = (rva: number): number | null => {
    if (rva < headersSize && rva < file.length) return rva;
    for (const s of raw) {
      const span = Math.max(s.virtualSize, s.rawSize);
      if (rva >= s.va && rva < s.va + span) {
        const delta = rva - s.va;
        if (delta >= s.rawSize) return null;
        const off = s.rawPointer + delta;
        return off < file.length ? off : null;
      }
    }
    return null;
  };
  const reader: Reader = { file, offsetOf, pe32Plus };

  const security = dir(4);
  // The security directory holds a file offset, not an RVA.
  const signed =
    security.size >= 8 &&
    security.rva + 8 <= file.length &&
    file.readUInt16LE(security.rva + 6) === WIN_CERT_TYPE_PKCS_SIGNED_DATA;

  return {
    machine: machineName(machineCode),
    pe32Plus,
    isDll: (characteristics & IMAGE_FILE_DLL) !== 0,
    sections: raw.map(({ va: _va, rawPointer: _p, ...s }) => s),
    imports: [...readImports(reader, dir(1).rva), ...readDelayImports(reader, dir(13).rva)],
    exports: readExports(reader, dir(0)),
    signed,
  };
}

interface Reader {
  file: Buffer;
  offsetOf: (rva: number) => number | null;
  pe32Plus: boolean;
}

const printable = (s: string) => s.replace(/[^\x20-\x7e]/g, '?');

/** A NUL-terminated name at an RVA (printable ASCII shown, anything else as '?'). */
function cString(r: Reader, rva: number): string | null {
  const at = r.offsetOf(rva);
  if (at === null) return null;
  const end = r.file.indexOf(0, at);
  const stop = end === -1 ? Math.min(r.file.length, at + MAX_NAME) : Math.min(end, at + MAX_NAME);
  return printable(r.file.subarray(at, stop).toString('latin1'));
}

/** The functions of one import lookup table: names, or '#<ordinal>'. */
function thunks(r: Reader, rva: number, budget: { n: number }): string[] {
  const out: string[] = [];
  const width = r.pe32Plus ? 8 : 4;
  for (let i = 0; budget.n > 0; i++, budget.n--) {
    const at = r.offsetOf(rva + i * width);
    if (at === null || at + width > r.file.length) throw new PeError('damaged', 'import table cut short');
    const value = r.pe32Plus ? r.file.readBigUInt64LE(at) : BigInt(r.file.readUInt32LE(at));
    if (value === 0n) return out;
    const byOrdinal = r.pe32Plus ? value >> 63n === 1n : value >> 31n === 1n;
    if (byOrdinal) out.push(`#${Number(value & 0xffffn)}`);
    else out.push(cString(r, Number(value & 0x7fffffffn) + 2) ?? '?');
  }
  throw new PeError('damaged', 'too many imports');
}

function readImports(r: Reader, rva: number): PeImport[] {
  if (!rva) return [];
  const out: PeImport[] = [];
  const budget = { n: MAX_FUNCTIONS };
  for (let i = 0; i < MAX_IMPORT_DLLS; i++) {
    const at = r.offsetOf(rva + i * 20);
    if (at === null || at + 20 > r.file.length) throw new PeError('damaged', 'import directory cut short');
    const lookup = r.file.readUInt32LE(at);
    const nameRva = r.file.readUInt32LE(at + 12);
    const iat = r.file.readUInt32LE(at + 16);
    if (!lookup && !nameRva && !iat) return out;
    const dll = cString(r, nameRva);
    if (dll === null) throw new PeError('damaged', 'import names a DLL outside the file');
    out.push({ dll, functions: thunks(r, lookup || iat, budget), delayed: false });
  }
  throw new PeError('damaged', 'too many imported DLLs');
}

/** The delay-load table (IMAGE_DELAYLOAD_DESCRIPTOR, 32 bytes each; RVAs when attribute bit 0 is set, as every modern linker writes). */
function readDelayImports(r: Reader, rva: number): PeImport[] {
  if (!rva) return [];
  const out: PeImport[] = [];
  const budget = { n: MAX_FUNCTIONS };
  for (let i = 0; i < MAX_IMPORT_DLLS; i++) {
    const at = r.offsetOf(rva + i * 32);
    if (at === null || at + 32 > r.file.length) throw new PeError('damaged', 'delay-load directory cut short');
    const nameRva = r.file.readUInt32LE(at + 4);
    const names = r.file.readUInt32LE(at + 16);
    if (!nameRva) return out;
    const dll = cString(r, nameRva);
    if (dll === null) throw new PeError('damaged', 'delay-load import names a DLL outside the file');
    out.push({ dll, functions: names ? thunks(r, names, budget) : [], delayed: true });
  }
  throw new PeError('damaged', 'too many delay-loaded DLLs');
}

function readExports(r: Reader, d: { rva: number; size: number }): string[] {
  if (!d.rva) return [];
  const at = r.offsetOf(d.rva);
  if (at === null || at + 40 > r.file.length) throw new PeError('damaged', 'export directory cut short');
  const base = r.file.readUInt32LE(at + 16);
  const functionCount = r.file.readUInt32LE(at + 20);
  const nameCount = r.file.readUInt32LE(at + 24);
  const functionsRva = r.file.readUInt32LE(at + 28);
  const namesRva = r.file.readUInt32LE(at + 32);
  const ordinalsRva = r.file.readUInt32LE(at + 36);
  if (functionCount > MAX_EXPORTS || nameCount > MAX_EXPORTS) throw new PeError('damaged', 'too many exports');
  const u32 = (rva: number) => {
    const o = r.offsetOf(rva);
    if (o === null || o + 4 > r.file.length) throw new PeError('damaged', 'export table cut short');
    return r.file.readUInt32LE(o);
  };
  const u16 = (rva: number) => {
    const o = r.offsetOf(rva);
    if (o === null || o + 2 > r.file.length) throw new PeError('damaged', 'export table cut short');
    return r.file.readUInt16LE(o);
  };
  const named = new Set<number>();
  const out: string[] = [];
  for (let i = 0; i < nameCount; i++) {
    named.add(u16(ordinalsRva + i * 2));
    out.push(cString(r, u32(namesRva + i * 4)) ?? '?');
  }
  for (let i = 0; i < functionCount; i++) {
    if (!named.has(i) && u32(functionsRva + i * 4) !== 0) out.push(`#${base + i}`);
  }
  return out;
}
