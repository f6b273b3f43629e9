// Command-line options of the desktop app. Electron's argv holds the binary (and, when
// unpackaged, the app path) before the user's arguments, so options are looked up by name.

export interface LaunchOptions {
  /** --db <path> or --db=<path>; null when not given. */
  dbPath: string | null;
}

export function parseLaunchOptions(argv: readonly string[]): LaunchOptions {
  let dbPath: string | null = null;
  argv.forEach((arg, index) => {
    if (arg.startsWith('--db=')) dbPath = arg.slice('--db='.length) || null;
    else if (arg === '--db') dbPath = argv[index + 1] ?? null;
  });
  return { dbPath };
}
