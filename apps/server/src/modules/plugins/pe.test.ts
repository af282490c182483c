import { describe, expect, it } from 'vitest';
import { dllFixture } from '../../../test/dll-fixtures.js';
import { PeError, entropy, readPe } from './pe.js';

describe('readPe on DLLs built with MinGW-w64', () => {
  it('reads the machine, the sections with their entropy, the imports by name and the exports', () => {
    const pe = readPe(dllFixture('injector'));
    expect(pe).toMatchObject({ machine: 'x64', pe32Plus: true, isDll: true, signed: false });
    const dlls = Object.fromEntries(pe.imports.map((i) => [i.dll.toLowerCase(), i.functions]));
    expect(dlls['urlmon.dll']).toEqual(['URLDownloadToFileA']);
    expect(dlls['kernel32.dll']).toEqual(
      expect.arrayContaining(['CreateRemoteThread', 'WriteProcessMemory', 'OpenProcess']),
    );
    expect(pe.exports).toEqual(['fetch_and_inject']);
    const text = pe.sections.find((s) => s.name === '.text')!;
    expect(text).toMatchObject({ executable: true, writable: false });
    expect(text.entropy).toBeGreaterThan(3);
    expect(text.entropy).toBeLessThan(7);
    expect(pe.sections.map((s) => s.name)).toEqual(expect.arrayContaining(['.text', '.rdata', '.idata']));
  });

  it('reads an import by ordinal and an export by ordinal only', () => {
    const pe = readPe(dllFixture('ordinal'));
    expect(pe.imports.find((i) => i.dll.toLowerCase() === 'ws2_32.dll')).toEqual({
      dll: 'ws2_32.dll',
      functions: ['#115'],
      delayed: false,
    });
    expect(pe.exports).toEqual(['#7']);
  });

  it('names the machine of a 32-bit DLL', () => {
    // Built by i686-w64-mingw32-gcc (PE32), or without it a patched x64 DLL (scripts/build-dll-fixtures.sh).
    expect(readPe(dllFixture('x86')).machine).toBe('x86');
  });

  it('refuses a text file and a cut-off DLL with a PeError saying why', () => {
    expect(() => readPe(dllFixture('not-a-dll'))).toThrow(PeError);
    expect(() => readPe(dllFixture('not-a-dll'))).toThrow('no MZ header');
    const dll = dllFixture('clean');
    expect(() => readPe(dll.subarray(0, 0x90))).toThrow(/cut short|no PE header/);
    const cut = dll.subarray(0, 0x400);
    const e = (() => {
      try {
        readPe(cut);
      } catch (err) {
        return err as PeError;
      }
    })();
    expect(e).toBeInstanceOf(PeError);
    expect(e!.kind).toBe('damaged');
  });

  it('sees an attached Authenticode certificate table', () => {
    const dll = Buffer.from(dllFixture('clean'));
    const peAt = dll.readUInt32LE(0x3c);
    const securityDir = peAt + 4 + 20 + 112 + 4 * 8;
    // A WIN_CERTIFICATE header (length, revision 0x0200, type PKCS_SIGNED_DATA) appended at the end.
    const cert = Buffer.alloc(16);
    cert.writeUInt32LE(16, 0);
    cert.writeUInt16LE(0x0200, 4);
    cert.writeUInt16LE(0x0002, 6);
    const signed = Buffer.concat([dll, cert]);
    signed.writeUInt32LE(dll.length, securityDir);
    signed.writeUInt32LE(16, securityDir + 4);
    expect(readPe(signed).signed).toBe(true);
  });

  it('measures entropy in bits per byte', () => {
    expect(entropy(Buffer.alloc(100))).toBe(0);
    expect(entropy(Buffer.from([0, 1, 0, 1]))).toBe(1);
    expect(entropy(Buffer.from(Array.from({ length: 256 }, (_, i) => i)))).toBe(8);
  });
});
