/**
 * A minimal but real 64-bit Windows DLL for demo data and tests: PE headers and one read-only data
 * section holding `text`, no code, no imports. The site reads it like any other DLL (docs/inspection.md).
 */
export function demoDll(text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  const FILE_ALIGN = 0x200;
  const SECTION_ALIGN = 0x1000;
  const rawSize = Math.max(FILE_ALIGN, Math.ceil(body.length / FILE_ALIGN) * FILE_ALIGN);
  const file = Buffer.alloc(FILE_ALIGN + rawSize);
  // DOS header: 'MZ', and where the PE header is.
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x40, 0x3c);
  // PE signature and COFF header: x64, one section, a 240-byte optional header, an executable DLL.
  file.write('PE\0\0', 0x40, 'latin1');
  const coff = 0x44;
  file.writeUInt16LE(0x8664, coff);
  file.writeUInt16LE(1, coff + 2);
  file.writeUInt16LE(240, coff + 16);
  file.writeUInt16LE(0x2022, coff + 18);
  // Optional header (PE32+).
  const opt = coff + 20;
  file.writeUInt16LE(0x20b, opt);
  file.writeUInt32LE(rawSize, opt + 8); // size of initialized data
  file.writeBigUInt64LE(0x180000000n, opt + 24); // image base
  file.writeUInt32LE(SECTION_ALIGN, opt + 32);
  file.writeUInt32LE(FILE_ALIGN, opt + 36);
  file.writeUInt16LE(6, opt + 40); // operating system version 6.0
  file.writeUInt16LE(6, opt + 48); // subsystem version 6.0
  file.writeUInt32LE(SECTION_ALIGN + Math.ceil(rawSize / SECTION_ALIGN) * SECTION_ALIGN, opt + 56); // size of image
  file.writeUInt32LE(FILE_ALIGN, opt + 60); // size of headers
  file.writeUInt16LE(2, opt + 68); // Windows GUI subsystem
  file.writeUInt16LE(0x160, opt + 70); // high-entropy VA, dynamic base, NX compatible
  file.writeBigUInt64LE(0x100000n, opt + 72);
  file.writeBigUInt64LE(0x1000n, opt + 80);
  file.writeBigUInt64LE(0x100000n, opt + 88);
  file.writeBigUInt64LE(0x1000n, opt + 96);
  file.writeUInt32LE(16, opt + 108); // data directories, all empty
  // Section header: .rdata, initialized read-only data.
  const section = opt + 240;
  file.write('.rdata', section, 'latin1');
  file.writeUInt32LE(body.length, section + 8);
  file.writeUInt32LE(SECTION_ALIGN, section + 12);
  file.writeUInt32LE(rawSize, section + 16);
  file.writeUInt32LE(FILE_ALIGN, section + 20);
  file.writeUInt32LE(0x40000040, section + 36);
  body.copy(file, FILE_ALIGN);
  return file;
}
