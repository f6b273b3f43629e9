// Run in the page, as text (this project's Node typings have no DOM): the innermost elements
// that reach past the window's right edge, outside any container that scrolls them itself.
// Shared by the tour (every view) and the specs of views that lay out wide tables.
export const WIDER_THAN_THE_WINDOW = `(() => {
  const edge = document.documentElement.clientWidth;
  const scrolls = (el) => el !== document.documentElement && ['auto', 'scroll', 'hidden'].includes(getComputedStyle(el).overflowX);
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.getBoundingClientRect().right <= edge + 0.5) continue;
    let inside = false;
    for (let p = el.parentElement; p; p = p.parentElement) if (scrolls(p)) inside = true;
    if (inside || [...el.children].some((c) => c.getBoundingClientRect().right > edge + 0.5)) continue;
    out.push(el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).trim().split(/\\s+/).join('.') : '') + ': ' + (el.textContent ?? '').trim().slice(0, 40));
  }
  return out.slice(0, 5);
})()`;
