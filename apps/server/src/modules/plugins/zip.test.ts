import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { submissions } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { ZIP_MESSAGES as Z } from '@bm/core';
import { createPlugin, multipart, storedFiles } from './test-support.js';
import {
  DEBUG_ZIP_LIMITS,
  SOURCE_ZIP_LIMITS,
  checkBinaryZip,
  checkDebugZip,
  checkSourceZip,
  hashBinaryZip,
  inspectZip,
  makeZip,
} from './zip.js';

const sln = { name: 'MyPlugin/MyPlugin.sln', data: 'Microsoft Visual Studio Solution File\n' };

/** yazl refuses unsafe names, so a safe name of the same length is written and then swapped in the bytes. */
function rename(zip: Buffer, from: string, to: string) {
  expect(from.length).toBe(to.length);
  const out = Buffer.from(zip);
  let at = out.indexOf(from);
  expect(at).toBeGreaterThan(-1);
  while (at !== -1) {
    out.write(to, at, 'latin1');
    at = out.indexOf(from, at + 1);
  }
  return out;
}

/** Sets the "encrypted" flag of every entry (local and central headers). */
function markEncrypted(zip: Buffer) {
  const out = Buffer.from(zip);
  for (let i = 0; i < out.length - 4; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) out.writeUInt16LE(out.readUInt16LE(i + 6) | 1, i + 6);
    if (sig === 0x02014b50) out.writeUInt16LE(out.readUInt16LE(i + 8) | 1, i + 8);
  }
  return out;
}

const once = <T>(f: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  return () => (p ??= f());
};

const badZips: Array<[string, () => Promise<Buffer>, string]> = [
  ['not a zip', async () => Buffer.from('this is plain text, not an archive'), Z.notZip],
  [
    'a path leaving the folder',
    async () => rename(await makeZip([sln, { name: 'aa/evil.txt', data: 'x' }]), 'aa/evil.txt', '../evil.txt'),
    Z.traversal('../evil.txt'),
  ],
  [
    'an absolute path',
    async () => rename(await makeZip([sln, { name: 'xetc/passwd', data: 'x' }]), 'xetc/passwd', '/etc/passwd'),
    Z.absolute('/etc/passwd'),
  ],
  [
    'a drive letter',
    async () => rename(await makeZip([sln, { name: 'Cx/boot.ini', data: 'x' }]), 'Cx/boot.ini', 'C:/boot.ini'),
    Z.absolute('C:/boot.ini'),
  ],
  [
    'backslashes',
    async () => rename(await makeZip([sln, { name: 'dir_file.txt', data: 'x' }]), 'dir_file.txt', 'dir\\file.txt'),
    Z.backslash('dir\\file.txt'),
  ],
  [
    'a Windows stream name',
    async () => rename(await makeZip([sln, { name: 'a.txt_hidden', data: 'x' }]), 'a.txt_hidden', 'a.txt:hidden'),
    Z.badName('a.txt:hidden'),
  ],
  [
    'a symbolic link',
    async () => makeZip([sln, { name: 'link', data: '/etc/passwd', mode: 0o120777 }]),
    Z.symlink('link'),
  ],
  ['an encrypted entry', async () => markEncrypted(await makeZip([sln])), Z.encrypted(sln.name)],
  ['no solution', async () => makeZip([{ name: 'src/main.cpp', data: 'int main() {}' }]), Z.noSolution],
  [
    'too many entries',
    once(() =>
      makeZip([sln, ...Array.from({ length: 5000 }, (_, i) => ({ name: `f/${i}.txt`, data: '', store: true }))]),
    ),
    Z.tooManyEntries(5000),
  ],
  ['a zip bomb ratio', async () => makeZip([sln, { name: 'zeros.bin', data: Buffer.alloc(4 * 1024 * 1024) }]), Z.bomb],
];

describe('ZIP checks', () => {
  it.each(badZips)('refuses %s', async (_label, build, message) => {
    await expect(checkSourceZip(await build())).rejects.toMatchObject({ statusCode: 400, message });
  });

  it('accepts a source tree with a solution and reports its files', async () => {
    const zip = await makeZip([
      sln,
      { name: 'MyPlugin/src/', data: '' },
      { name: 'MyPlugin/src/a.cpp', data: 'int a;' },
    ]);
    const summary = await checkSourceZip(zip);
    expect(summary.files).toEqual(['MyPlugin/MyPlugin.sln', 'MyPlugin/src/a.cpp']);
  });

  it('bounds the unpacked size and the archive size', async () => {
    const zip = await makeZip([sln, { name: 'big.txt', data: 'abcdefghij'.repeat(2000) }]);
    const limits = { ...SOURCE_ZIP_LIMITS, maxUnpackedBytes: 10_000 };
    await expect(inspectZip(zip, limits)).rejects.toMatchObject({ message: Z.unpackedTooLarge(10_000) });
    await expect(inspectZip(zip, { ...SOURCE_ZIP_LIMITS, maxBytes: 100 })).rejects.toMatchObject({
      message: Z.tooLarge(100),
    });
  });

  it('opens nested ZIPs and checks them with the same rules, two levels down', async () => {
    const inner = await makeZip([{ name: 'lib/readme.txt', data: 'third-party code' }]);
    const middle = await makeZip([{ name: 'vendor/inner.zip', data: inner }]);
    const ok = await makeZip([sln, { name: 'deps/middle.zip', data: middle, store: true }]);
    expect((await checkSourceZip(ok)).files).toContain('deps/middle.zip');

    const evilInner = rename(await makeZip([{ name: 'aa/evil.txt', data: 'x' }]), 'aa/evil.txt', '../evil.txt');
    await expect(
      checkSourceZip(await makeZip([sln, { name: 'deps/evil.zip', data: evilInner }])),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: Z.nested('deps/evil.zip', Z.traversal('../evil.txt')),
    });
    const bombInner = await makeZip([{ name: 'zeros.bin', data: Buffer.alloc(4 * 1024 * 1024) }]);
    await expect(
      checkSourceZip(await makeZip([sln, { name: 'bomb.zip', data: bombInner, store: true }])),
    ).rejects.toMatchObject({
      message: Z.nested('bomb.zip', Z.bomb),
    });
    // A third level is refused outright.
    const deepest = await makeZip([{ name: 'level3.zip', data: inner }]);
    const tooDeep = await makeZip([sln, { name: 'l1.zip', data: await makeZip([{ name: 'l2.zip', data: deepest }]) }]);
    await expect(checkSourceZip(tooDeep)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('more than 2 levels'),
    });
  });

  it('refuses archives it cannot open inside the ZIP (7z, RAR, tar.gz), whatever their names', async () => {
    const seven = Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]), Buffer.alloc(300, 1)]);
    const rar = Buffer.concat([Buffer.from('Rar!\x1a\x07\x00', 'latin1'), Buffer.alloc(300, 2)]);
    const gz = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0]), Buffer.alloc(300, 3)]);
    for (const [name, data] of [
      ['deps/a.7z', seven],
      ['notes.txt', rar],
      ['x.bin', gz],
    ] as const) {
      await expect(checkSourceZip(await makeZip([sln, { name, data }]))).rejects.toMatchObject({
        statusCode: 400,
        message: Z.nestedUnchecked(name),
      });
    }
  });

  it('checks the layout the in-game manager installs: plugins/<name>.dll and data/', async () => {
    const good = await makeZip([
      { name: 'plugins/Rocket.dll', data: 'MZ' },
      { name: 'data/rocket/settings.json', data: '{}' },
    ]);
    expect((await checkBinaryZip(good)).files).toContain('plugins/Rocket.dll');
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    expect((await checkBinaryZip(good)).entries).toEqual([
      { path: 'plugins/Rocket.dll', size: 2, sha256: sha('MZ') },
      { path: 'data/rocket/settings.json', size: 2, sha256: sha('{}') },
    ]);
    expect(await hashBinaryZip(good)).toEqual({
      binarySha256: createHash('sha256').update(good).digest('hex'),
      binaryFiles: (await checkBinaryZip(good)).entries,
    });
    // A stored ZIP that no longer passes the check still answers the hash of its bytes.
    const odd = Buffer.from('not a zip');
    expect(await hashBinaryZip(odd)).toEqual({ binarySha256: sha('not a zip'), binaryFiles: [] });
    await expect(checkBinaryZip(await makeZip([{ name: 'data/x.txt', data: 'x' }]))).rejects.toMatchObject({
      message: Z.noDll,
    });
    await expect(
      checkBinaryZip(
        await makeZip([
          { name: 'plugins/a.dll', data: 'MZ' },
          { name: 'bin/x.exe', data: 'x' },
        ]),
      ),
    ).rejects.toMatchObject({
      message: Z.outsideLayout('bin/x.exe'),
    });
  });

  it('checks a debug archive: safe, at most 30 MB, with .pdb files', async () => {
    expect((await checkDebugZip(await makeZip([{ name: 'Rocket.pdb', data: 'pdb' }]))).files).toEqual(['Rocket.pdb']);
    await expect(checkDebugZip(await makeZip([{ name: 'readme.txt', data: 'x' }]))).rejects.toMatchObject({
      statusCode: 400,
      message: Z.noPdb,
    });
    await expect(
      checkDebugZip(await makeZip([{ name: 'a.pdb', data: 'x' }]), { ...DEBUG_ZIP_LIMITS, maxBytes: 10 }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: Z.tooLarge(10),
    });
    expect(DEBUG_ZIP_LIMITS.maxBytes).toBe(30 * 1024 * 1024);
  });
});

describe('source upload with a bad ZIP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each(badZips)('answers 400 for %s and stores nothing', async (_label, build, message) => {
    const owner = await signedInMember(t);
    const plugin = await createPlugin(t, owner, { name: 'Zip Victim' });
    const before = storedFiles(t);
    const { payload, headers } = multipart(await build(), 'source.zip', { versionString: '1.0' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/plugins/${plugin.id}/files/source`,
      headers: { ...owner.auth, ...headers },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: { file: [message] } });
    expect(storedFiles(t)).toEqual(before);
    expect(await t.ctx.db.select().from(submissions).where(eq(submissions.pluginId, plugin.id))).toEqual([]);
  });
});
