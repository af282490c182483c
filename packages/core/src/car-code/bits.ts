/** Bit-level reader and writer, least significant bit first (bit 0 of byte 0 first). */

export class BitOverrun extends Error {
  constructor() {
    super('read past the end of the bit stream');
    this.name = 'BitOverrun';
  }
}

export class BitReader {
  private pos: number;

  /**
   * @param bytes the data
   * @param limitBits reads may not go past this bit (defaults to all bits)
   * @param startBit first bit to read
   */
  constructor(
    private readonly bytes: Uint8Array,
    private readonly limitBits: number = bytes.length * 8,
    startBit = 0,
  ) {
    this.pos = startBit;
  }

  get position(): number {
    return this.pos;
  }

  /** Reads an unsigned value of `count` bits (count ≤ 24). Throws BitOverrun past the limit. */
  read(count: number): number {
    if (this.pos + count > this.limitBits || this.pos + count > this.bytes.length * 8) {
      throw new BitOverrun();
    }
    let value = 0;
    for (let i = 0; i < count; i++) {
      const byte = this.bytes[this.pos >> 3] ?? 0;
      value |= ((byte >> (this.pos & 7)) & 1) << i;
      this.pos++;
    }
    return value;
  }

  readBool(): boolean {
    return this.read(1) === 1;
  }
}

export class BitWriter {
  private buf = new Uint8Array(64);
  private pos = 0;

  get position(): number {
    return this.pos;
  }

  /** Writes the `count` least significant bits of `value`. */
  write(value: number, count: number): void {
    for (let i = 0; i < count; i++) {
      const byteIndex = this.pos >> 3;
      if (byteIndex >= this.buf.length) {
        const bigger = new Uint8Array(this.buf.length * 2);
        bigger.set(this.buf);
        this.buf = bigger;
      }
      if ((value >> i) & 1) {
        this.buf[byteIndex] = (this.buf[byteIndex] ?? 0) | (1 << (this.pos & 7));
      }
      this.pos++;
    }
  }

  writeBool(value: boolean): void {
    this.write(value ? 1 : 0, 1);
  }

  /** The written bytes; the last byte is padded with zero bits. */
  toBytes(): Uint8Array {
    return this.buf.slice(0, Math.ceil(this.pos / 8));
  }
}
