/**
 * Just enough of the FlatBuffers binary format to read a `.tflite` file: little-endian tables found through their
 * vtables, with scalar, string, vector and sub-table fields. A field is named by its id (its position in the schema,
 * a union taking two ids: its type, then its value). Absent fields read as the schema's default.
 */
export class FlatTable {
  constructor(
    private readonly view: DataView,
    readonly pos: number,
  ) {}

  /** the table the buffer's root offset points at */
  static root(bytes: Uint8Array): FlatTable {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.byteLength < 8) throw new Error('flatbuffer: too short');
    return new FlatTable(view, view.getUint32(0, true));
  }

  /** the 4-byte file identifier after the root offset ("TFL3" for TensorFlow Lite) */
  static identifier(bytes: Uint8Array): string {
    return String.fromCharCode(...bytes.subarray(4, 8));
  }

  /** absolute position of a field's inline value, or undefined when the vtable leaves it out */
  private field(id: number): number | undefined {
    const vtable = this.pos - this.view.getInt32(this.pos, true);
    const vtableSize = this.view.getUint16(vtable, true);
    const slot = 4 + 2 * id;
    if (slot + 2 > vtableSize) return undefined;
    const offset = this.view.getUint16(vtable + slot, true);
    return offset === 0 ? undefined : this.pos + offset;
  }

  /** follows the uoffset stored at `at` */
  private deref(at: number): number {
    return at + this.view.getUint32(at, true);
  }

  int8(id: number, fallback = 0): number {
    const at = this.field(id);
    return at === undefined ? fallback : this.view.getInt8(at);
  }

  uint8(id: number, fallback = 0): number {
    const at = this.field(id);
    return at === undefined ? fallback : this.view.getUint8(at);
  }

  int32(id: number, fallback = 0): number {
    const at = this.field(id);
    return at === undefined ? fallback : this.view.getInt32(at, true);
  }

  uint32(id: number, fallback = 0): number {
    const at = this.field(id);
    return at === undefined ? fallback : this.view.getUint32(at, true);
  }

  /** a 64-bit unsigned field as a number (exact below 2^53, which any file offset is) */
  uint64(id: number, fallback = 0): number {
    const at = this.field(id);
    return at === undefined ? fallback : Number(this.view.getBigUint64(at, true));
  }

  table(id: number): FlatTable | undefined {
    const at = this.field(id);
    return at === undefined ? undefined : new FlatTable(this.view, this.deref(at));
  }

  string(id: number): string | undefined {
    const bytes = this.vectorBytes(id, 1);
    return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
  }

  tables(id: number): FlatTable[] {
    const vector = this.vector(id);
    if (vector === undefined) return [];
    return Array.from({ length: vector.length }, (_, i) => new FlatTable(this.view, this.deref(vector.start + 4 * i)));
  }

  int32s(id: number): number[] {
    const vector = this.vector(id);
    if (vector === undefined) return [];
    return Array.from({ length: vector.length }, (_, i) => this.view.getInt32(vector.start + 4 * i, true));
  }

  /** a [ubyte] vector as a view into the file's bytes (no copy), or undefined when absent */
  bytes(id: number): Uint8Array | undefined {
    return this.vectorBytes(id, 1);
  }

  private vector(id: number): { start: number; length: number } | undefined {
    const at = this.field(id);
    if (at === undefined) return undefined;
    const header = this.deref(at);
    return { start: header + 4, length: this.view.getUint32(header, true) };
  }

  private vectorBytes(id: number, elementSize: number): Uint8Array | undefined {
    const vector = this.vector(id);
    if (vector === undefined) return undefined;
    const { buffer, byteOffset } = this.view;
    return new Uint8Array(buffer, byteOffset + vector.start, vector.length * elementSize);
  }
}
