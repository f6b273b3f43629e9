/** The value of the select box a change event came from (.vue files use no DOM globals). */
export function selectedValue(event: Event): string {
  return event.target instanceof HTMLSelectElement ? event.target.value : '';
}

/** The text of the input box an input event came from. */
export function inputValue(event: Event): string {
  return event.target instanceof HTMLInputElement ? event.target.value : '';
}
