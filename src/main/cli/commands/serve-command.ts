import type { Command } from 'commander';
import type { CliContext } from '../cli-context';

/** Placeholder until the HTTP transport lands. */
export function registerServeCommand(program: Command, _context: CliContext): void {
  program
    .command('serve')
    .description('serve the app to a browser on 127.0.0.1 (not built yet)')
    .action(() => {
      throw new Error('toe serve is not built yet.');
    });
}
