/** A count with its noun in the right number: counted(1, 'unit') = "1 unit", "3 units". */
export function counted(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}
