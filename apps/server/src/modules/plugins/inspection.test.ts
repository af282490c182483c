import { describe, expect, it } from 'vitest';
import { INSPECTION_MESSAGES } from '@bm/core';
import { dllFixture } from '../../../test/dll-fixtures.js';
import {
  InspectionRefused,
  addressesOf,
  compareInspections,
  flagsOf,
  inspectBinary,
  inspectExecutable,
  keepForInspection,
} from './inspection.js';
import { BINARY_ZIP_LIMITS, checkBinaryZip, makeZip } from './zip.js';

const ids = (caps: Array<{ id: string }>) => caps.map((c) => c.id);

describe('the look inside a DLL', () => {
  it('finds network and other-process memory in the injector, with the imports that give each', () => {
    const d = inspectExecutable('plugins/injector.dll', dllFixture('injector'))!;
    expect(ids(d.capabilities)).toEqual(['network', 'processMemory']);
    expect(d.capabilities[0]!.evidence).toEqual(['urlmon.dll!URLDownloadToFileA']);
    expect(d.capabilities[1]!.evidence).toEqual(
      expect.arrayContaining(['KERNEL32.dll!CreateRemoteThread', 'KERNEL32.dll!WriteProcessMemory']),
    );
    expect(d.urls).toEqual(['https://api.example.com/payload.bin']);
    expect(d.hosts).toEqual(['api.example.com']);
  });

  it('finds launching programs in the next version, and nothing in a plain DLL', () => {
    expect(ids(inspectExecutable('plugins/a.dll', dllFixture('launcher'))!.capabilities)).toEqual([
      'network',
      'launch',
      'processMemory',
    ]);
    const clean = inspectExecutable('plugins/clean.dll', dllFixture('clean'))!;
    expect(clean.capabilities).toEqual([]);
    expect(clean.hosts).toEqual([]);
    expect(clean.exports).toEqual(['add', 'twice']);
  });

  it('finds URLs, host names and addresses in ASCII and UTF-16LE strings', () => {
    const d = inspectExecutable('plugins/urls.dll', dllFixture('urls'))!;
    expect(d.urls).toEqual(['https://updates.example.org/plugin/latest.json']);
    expect(d.hosts).toEqual(expect.arrayContaining(['updates.example.org', 'mirror.example.net', '203.0.113.7']));
    expect(d.capabilities).toEqual([]);
  });

  it('gives network from an import by ordinal of a network DLL', () => {
    const d = inspectExecutable('plugins/ordinal.dll', dllFixture('ordinal'))!;
    expect(d.capabilities).toEqual([{ id: 'network', evidence: ['ws2_32.dll!#115'] }]);
  });

  it('refuses a 32-bit DLL and a renamed text file, naming the file', () => {
    expect(() => inspectExecutable('plugins/x86.dll', dllFixture('x86'))).toThrow(
      new InspectionRefused(INSPECTION_MESSAGES.machine('plugins/x86.dll', 'x86')),
    );
    expect(() => inspectExecutable('plugins/text.dll', dllFixture('not-a-dll'))).toThrow(
      new InspectionRefused(INSPECTION_MESSAGES.notPe('plugins/text.dll')),
    );
    // Another file kept because it starts like one, that is no PE file after all, is left out.
    expect(inspectExecutable('data/notes.bin', Buffer.from('MZ, and nothing else'))).toBeNull();
  });

  it('skips version numbers and keeps real addresses', () => {
    const s = (text: string) => Buffer.from(`${text}\0`, 'latin1');
    expect(addressesOf(s('FileVersion 1.0.0.0 and 0.1.2.3')).hosts).toEqual([]);
    expect(addressesOf(s('connect 198.51.100.20 now')).hosts).toEqual(['198.51.100.20']);
    expect(addressesOf(s('KERNEL32.dll msvcrt.dll game.exe')).hosts).toEqual([]);
  });
});

describe('a binary ZIP looked inside', () => {
  const zipOf = (files: Record<string, Buffer>) =>
    makeZip(Object.entries(files).map(([name, data]) => ({ name, data })));

  it('reads every DLL of the ZIP, inner archives too, and their union', async () => {
    const inner = await zipOf({ 'extra.dll': dllFixture('urls') });
    const zip = await zipOf({
      'plugins/Main.dll': dllFixture('injector'),
      'data/Main/helper.dll': dllFixture('clean'),
      'data/Main/more.zip': inner,
      'data/Main/readme.txt': Buffer.from('hello'),
    });
    const checked = await checkBinaryZip(zip, BINARY_ZIP_LIMITS, keepForInspection);
    expect(checked.kept.map((k) => k.path).sort()).toEqual([
      'data/Main/helper.dll',
      'data/Main/more.zip/extra.dll',
      'plugins/Main.dll',
    ]);
    const inspection = inspectBinary(checked.kept);
    expect(inspection.dlls.map((d) => d.path)).toEqual([
      'data/Main/helper.dll',
      'data/Main/more.zip/extra.dll',
      'plugins/Main.dll',
    ]);
    expect(ids(inspection.capabilities)).toEqual(['network', 'processMemory']);
    expect(inspection.hosts).toEqual(expect.arrayContaining(['api.example.com', 'mirror.example.net']));
  });

  it('compares with the last approved version and flags what needs acknowledging', async () => {
    const first = inspectBinary([{ path: 'plugins/P.dll', data: dllFixture('injector') }]);
    const next = inspectBinary([{ path: 'plugins/P.dll', data: dllFixture('launcher') }]);
    const changes = compareInspections(next, first);
    expect(changes).toEqual({ added: ['launch'], removed: [], newHosts: [] });
    expect(flagsOf(next, changes)).toEqual([
      { kind: 'risky', value: 'launch' },
      { kind: 'risky', value: 'processMemory' },
      { kind: 'newCapability', value: 'launch' },
    ]);
    const clean = inspectBinary([{ path: 'plugins/P.dll', data: dllFixture('clean') }]);
    const fromClean = compareInspections(first, clean);
    expect(fromClean).toEqual({ added: ['network', 'processMemory'], removed: [], newHosts: ['api.example.com'] });
    expect(compareInspections(clean, first)).toEqual({
      added: [],
      removed: ['network', 'processMemory'],
      newHosts: [],
    });
    expect(flagsOf(clean, compareInspections(clean, null))).toEqual([]);
  });
});
