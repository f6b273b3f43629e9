/**
 * Just enough of Apache Arrow's IPC schema to learn how a Parquet column written by Arrow
 * (R's arrow package, as ricu/YAIB use, or pyarrow) stores time. Parquet has no logical
 * type for a duration: Arrow writes it as a plain INT64 and keeps the real type, with its
 * unit, in the file's `ARROW:schema` metadata (base64 of an IPC Schema message, a
 * FlatBuffer). YAIB's `time` is such a duration, in seconds, although it means hours.
 *
 * Reads field names and, for durations, the unit; every read is bounds-checked and a
 * malformed buffer throws a plain Error, which the caller turns into an InputError.
 */

/** Arrow's `Type` union: the member ids this reader names (Schema.fbs). */
const TYPE_DURATION = 18;
/** Arrow's `MessageHeader` union: Schema. */
const HEADER_SCHEMA = 1;
/** Arrow's `TimeUnit`: SECOND, MILLISECOND, MICROSECOND, NANOSECOND. */
const SECONDS_PER_UNIT = [1, 1e-3, 1e-6, 1e-9];
/** Duration's unit when the buffer leaves it out (the FlatBuffer default). */
const DEFAULT_TIME_UNIT = 1;
const CONTINUATION = 0xffffffff;

export type ArrowFieldType =
  | { kind: 'duration'; secondsPerUnit: number }
  /** Any other Arrow type, by its id in Arrow's Type union (2 Int, 3 FloatingPoint, …). */
  | { kind: 'other'; typeId: number };

class FlatBuffer {
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private check(position: number, size: number): void {
    if (!Number.isInteger(position) || position < 0 || position + size > this.bytes.length) {
      throw new Error('the Arrow schema is truncated or malformed');
    }
  }

  u8(position: number): number {
    this.check(position, 1);
    return this.view.getUint8(position);
  }

  u16(position: number): number {
    this.check(position, 2);
    return this.view.getUint16(position, true);
  }

  i16(position: number): number {
    this.check(position, 2);
    return this.view.getInt16(position, true);
  }

  u32(position: number): number {
    this.check(position, 4);
    return this.view.getUint32(position, true);
  }

  i32(position: number): number {
    this.check(position, 4);
    return this.view.getInt32(position, true);
  }

  /** Where field `index` of the table at `table` is stored, or null when it is absent. */
  field(table: number, index: number): number | null {
    const vtable = table - this.i32(table);
    const vtableSize = this.u16(vtable);
    const slot = 4 + 2 * index;
    if (slot + 2 > vtableSize) return null;
    const offset = this.u16(vtable + slot);
    return offset === 0 ? null : table + offset;
  }

  /** Follows an offset stored at `position` (tables, vectors and strings are referenced so). */
  deref(position: number): number {
    return position + this.u32(position);
  }

  string(position: number): string {
    const start = this.deref(position);
    const length = this.u32(start);
    this.check(start + 4, length);
    return new TextDecoder().decode(this.bytes.subarray(start + 4, start + 4 + length));
  }
}

/** The top-level fields of an `ARROW:schema` value, by name. */
export function arrowFieldTypes(base64: string): Map<string, ArrowFieldType> {
  const raw = Buffer.from(base64, 'base64');
  const bytes = new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  if (bytes.length < 8) throw new Error('the Arrow schema is too short');
  const prefix = new DataView(bytes.buffer, bytes.byteOffset, 8);
  // Current IPC framing: 0xFFFFFFFF, then the message length; before Arrow 0.15, the length alone.
  const start = prefix.getUint32(0, true) === CONTINUATION ? 8 : 4;
  const fb = new FlatBuffer(bytes.subarray(start));
  const message = fb.deref(0);
  const headerType = fb.field(message, 1);
  const header = fb.field(message, 2);
  if (headerType === null || header === null || fb.u8(headerType) !== HEADER_SCHEMA) {
    throw new Error('the Arrow metadata holds no schema');
  }
  const schema = fb.deref(header);
  const fieldsAt = fb.field(schema, 1);
  const types = new Map<string, ArrowFieldType>();
  if (fieldsAt === null) return types;
  const fields = fb.deref(fieldsAt);
  const count = fb.u32(fields);
  for (let i = 0; i < count; i++) {
    const field = fb.deref(fields + 4 + 4 * i);
    const nameAt = fb.field(field, 0);
    if (nameAt === null) continue;
    const typeTypeAt = fb.field(field, 2);
    const typeId = typeTypeAt === null ? 0 : fb.u8(typeTypeAt);
    types.set(fb.string(nameAt), durationOr(fb, field, typeId));
  }
  return types;
}

function durationOr(fb: FlatBuffer, field: number, typeId: number): ArrowFieldType {
  if (typeId !== TYPE_DURATION) return { kind: 'other', typeId };
  const typeAt = fb.field(field, 3);
  const unitAt = typeAt === null ? null : fb.field(fb.deref(typeAt), 0);
  const unit = unitAt === null ? DEFAULT_TIME_UNIT : fb.i16(unitAt);
  const secondsPerUnit = SECONDS_PER_UNIT[unit];
  if (secondsPerUnit === undefined) throw new Error(`unknown Arrow time unit ${unit}`);
  return { kind: 'duration', secondsPerUnit };
}
