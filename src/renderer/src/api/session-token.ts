// The HTTP transport's access token. `toe serve` prints a link with the token in the URL
// fragment (never sent to any server); the page takes it from there once, keeps it in
// sessionStorage (gone when the tab closes) and removes it from the address bar.
const STORAGE_KEY = 'toe.accessToken';

export function takeSessionToken(
  location: Location,
  history: History,
  storage: Storage,
): string | null {
  const hash = location.hash;
  const queryStart = hash.indexOf('?');
  if (queryStart !== -1) {
    const query = new URLSearchParams(hash.slice(queryStart + 1));
    const token = query.get('token');
    if (token) {
      storage.setItem(STORAGE_KEY, token);
      query.delete('token');
      const rest = query.toString();
      const cleanHash = `${hash.slice(0, queryStart)}${rest ? `?${rest}` : ''}`;
      history.replaceState(history.state, '', `${location.pathname}${location.search}${cleanHash}`);
    }
  }
  return storage.getItem(STORAGE_KEY);
}
