import { randomBytes } from 'node:crypto';
import { InvalidArgumentError, type Command } from 'commander';
import {
  buildRendererIfMissing,
  defaultRendererDir,
  requireBuiltRenderer,
} from '../../server/renderer-dir';
import { startHttpServer } from '../../server/http-server';
import type { CliContext } from '../cli-context';
import { integerOption } from './cohort-commands';

interface ServeOptions {
  port: number;
  token?: string;
}

/** Resolves on the first SIGINT or SIGTERM, so the command can shut down in order. */
function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolveSignal) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolveSignal(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * `toe serve`: the app in a browser on 127.0.0.1. Runs until SIGINT/SIGTERM, then stops
 * the server and closes the store itself (main() leaves long-running commands alone).
 */
export function registerServeCommand(program: Command, context: CliContext): void {
  program
    .command('serve')
    .description(
      'serve the app to a browser on 127.0.0.1 until Ctrl+C (builds the app first if needed)',
    )
    .option('--port <n>', 'port on 127.0.0.1 (0 = any free port)', integerOption(0, 65535), 0)
    .option(
      '--token <secret>',
      'access token for this launch (default: random); at least 16 characters',
      (token: string) => {
        if (token.length < 16) throw new InvalidArgumentError('at least 16 characters, please');
        return token;
      },
    )
    .action(async (options: ServeOptions) => {
      const rendererDir = defaultRendererDir();
      buildRendererIfMissing(rendererDir, (text) => context.note(text));
      requireBuiltRenderer(rendererDir);
      const token = options.token ?? randomBytes(24).toString('base64url');
      const store = context.openStore();
      try {
        const server = await startHttpServer({ store, port: options.port, token, rendererDir });
        if (context.json)
          context.printJson({
            url: server.appUrl,
            origin: server.origin,
            port: server.port,
            db: context.dbPath,
          });
        else {
          context.print(`ToE Audit is serving ${context.dbPath}`);
          context.print(`Open ${server.appUrl}`);
          context.print(
            "The link carries this launch's access token; keep it private. Press Ctrl+C to stop.",
          );
        }
        const signal = await untilSignal();
        process.stderr.write(`toe serve: ${signal} received, stopping.\n`);
        await server.close();
      } finally {
        context.close();
      }
    });
}
