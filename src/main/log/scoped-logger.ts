// A tiny scoped logger for the transports: one line per event on stderr, prefixed with
// the scope, so a user reading the terminal knows which part of the app spoke. Stdout is
// left to the CLI's own output (and --json).

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function scopedLogger(scope: string, write: (line: string) => void = defaultWrite): Logger {
  const line = (level: string, message: string) =>
    write(`${new Date().toISOString()} ${level} [${scope}] ${message}`);
  return {
    info: (message) => line('info ', message),
    warn: (message) => line('warn ', message),
    error: (message) => line('error', message),
  };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

function defaultWrite(line: string): void {
  process.stderr.write(`${line}\n`);
}
