/**
 * In-page links under hash routing: "#review" would be read as a route, so a link to a
 * section scrolls to it (and focuses its first field) instead of navigating.
 */
export function useSectionLink(): (id: string, focus?: string) => void {
  return (id, focus) => {
    const target = document.getElementById(id);
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (focus) target?.querySelector<HTMLElement>(focus)?.focus({ preventScroll: true });
  };
}
