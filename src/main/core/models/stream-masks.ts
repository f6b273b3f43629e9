/**
 * An evidence set split into its two streams' selections, each with the key its stream's
 * cache uses: the TS stream only sees the windows, the note stream only the chunk slots, so a
 * child that adds a chunk has its parent's TS key and one that adds a window its parent's
 * note key.
 */
export interface StreamMasks {
  windows: number[];
  windowKey: string;
  slots: number[];
  slotKey: string;
}

export function streamMasks(units: readonly number[], hours: number): StreamMasks {
  const windows: number[] = [];
  const slots: number[] = [];
  for (const unit of units) {
    if (unit < hours) windows.push(unit);
    else slots.push(unit - hours);
  }
  return { windows, windowKey: windows.join(','), slots, slotKey: slots.join(',') };
}

/**
 * streamMasks with a memo by array identity, for one call: the search hands every child of
 * a beam state the same parent array.
 */
export function memoisedStreamMasks(hours: number): (units: readonly number[]) => StreamMasks {
  const seen = new Map<readonly number[], StreamMasks>();
  return (units) => {
    let masks = seen.get(units);
    if (!masks) {
      masks = streamMasks(units, hours);
      seen.set(units, masks);
    }
    return masks;
  };
}

/** Throws unless `units` are ascending whole unit ids below `limit` (windows, then slots). */
export function checkEvidenceSet(units: readonly number[], limit: number): void {
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    if (!Number.isInteger(unit) || unit < 0 || unit >= limit || (i > 0 && unit <= units[i - 1]!))
      throw new RangeError(
        `evidence set [${units.join(', ')}] is not ascending unit ids below ${limit}`,
      );
  }
}
