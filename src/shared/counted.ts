/** A count as every front end writes it, its thousands grouped: writtenCount(2787) = "2,787". */
export function writtenCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** A count with its noun in the right number: counted(1, 'unit') = "1 unit", "3 units". */
export function counted(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${writtenCount(count)} ${count === 1 ? noun : pluralNoun}`;
}
