import type { ReviewVerdict } from '../../../../shared/audit';

/** What a key pressed in the abstention queue asks for. */
export type QueueKeyAction =
  { kind: 'move'; step: 1 | -1 } | { kind: 'open' } | { kind: 'verdict'; verdict: ReviewVerdict };

const VERDICT_KEYS: Readonly<Record<string, ReviewVerdict>> = {
  a: 'agree',
  d: 'disagree',
  s: 'discuss',
};

/**
 * The queue's shortcuts (↑/↓ or j/k, Enter, a/d/s). Keys typed into a control (the comment
 * box, a filter, a button) or with a modifier are left alone: they belong to that control.
 */
/** The DOM event type, named here so the view needs no DOM globals. */
export type QueueKeyEvent = KeyboardEvent;

export function queueKeyAction(event: QueueKeyEvent): QueueKeyAction | null {
  const target = event.target;
  if (target instanceof Element && target.closest('input, textarea, select, button, a')) {
    return null;
  }
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.key === 'ArrowDown' || event.key === 'j') return { kind: 'move', step: 1 };
  if (event.key === 'ArrowUp' || event.key === 'k') return { kind: 'move', step: -1 };
  if (event.key === 'Enter') return { kind: 'open' };
  const verdict = VERDICT_KEYS[event.key];
  return verdict ? { kind: 'verdict', verdict } : null;
}

/** Keeps the selected row visible as the keys move it. */
export function scrollRowIntoView(stayId: number): void {
  document.querySelector(`tr[data-stay="${stayId}"]`)?.scrollIntoView({ block: 'nearest' });
}
