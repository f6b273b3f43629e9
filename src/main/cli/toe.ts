import { Command, CommanderError } from 'commander';
import { APP_VERSION } from '../core/api/store-session';
import { CliContext } from './cli-context';
import { registerCohortCommands } from './commands/cohort-commands';
import { registerServeCommand } from './commands/serve-command';
import { registerDemoCommand } from './commands/demo-command';
import { registerTrainCommand } from './commands/train-command';
import { registerModelsCommand } from './commands/models-command';
import { registerEvaluateCommand } from './commands/evaluate-command';
import { registerAuditCommands } from './commands/audit-commands';
import { registerReportCommands } from './commands/report-command';
import { registerAbstentionCommands } from './commands/abstention-commands';
import { registerCalibrateCommand } from './commands/calibrate-command';
import { registerStoreCommands } from './commands/store-commands';
import { registerCompareCommand } from './commands/compare-command';
import { registerMonitorCommand } from './commands/monitor-command';
import { EXIT_CODE_HELP, ExitCode, exitCodeFor, refusalOf } from './exit-codes';
import { phiFindingLines } from './phi-options';

export function buildProgram(): { program: Command; context: CliContext } {
  const program = new Command('toe')
    .description('ToE Audit: audit clinical risk models with Tree-of-Evidence search, offline')
    .version(APP_VERSION)
    .option('--db <path>', 'the store (default: $TOE_DB, else the app-data folder)')
    .option('--json', 'machine-readable output on stdout', false)
    .addHelpText('after', EXIT_CODE_HELP)
    // A usage error is its one line and where help is, not the whole --help after it.
    .showHelpAfterError(helpHint(null))
    // Before the command they are the program's; after it, the command's own (added
    // below), so that `toe export RUN --json FILE` can mean a file.
    .enablePositionalOptions()
    .exitOverride();
  const context = new CliContext(program);
  registerCohortCommands(program, context);
  registerDemoCommand(program, context);
  registerServeCommand(program, context);
  registerTrainCommand(program, context);
  registerModelsCommand(program, context);
  registerEvaluateCommand(program, context);
  registerAuditCommands(program, context);
  registerReportCommands(program, context);
  registerAbstentionCommands(program, context);
  registerCalibrateCommand(program, context);
  registerStoreCommands(program, context);
  registerCompareCommand(program, context);
  registerMonitorCommand(program, context);
  const finish = (command: Command): void => {
    command.exitOverride().showHelpAfterError(helpHint(command));
    const named = new Set(command.options.map((option) => option.long));
    if (!named.has('--db')) command.option('--db <path>', 'the store (as before the command)');
    if (!named.has('--json')) command.option('--json', 'machine-readable output on stdout');
    command.commands.forEach(finish);
  };
  program.commands.forEach(finish);
  program.hook('preAction', (_program, command) => context.bind(command));
  return { program, context };
}

/** "run `toe audit --help` for the options"; the program's own hint points at its commands. */
function helpHint(command: Command | null): string {
  if (command === null) return 'run `toe --help` for the commands';
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return `run \`${names.join(' ')} --help\` for the options`;
}

/** Runs the CLI and returns the exit code instead of exiting, so tests can call it. */
export async function main(argv: string[]): Promise<number> {
  const { program, context } = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version "errors" are successful exits.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    const refusal = refusalOf(error);
    process.stderr.write(`toe: ${refusal.message}\n`);
    // An audit cancelled or failed mid-way keeps its results: say how to carry it on.
    if (refusal.runId !== undefined)
      process.stderr.write(`Resume it with \`toe resume ${refusal.runId}\`.\n`);
    // A PHI refusal lists what it found, marks first, ready for --phi-false-alarm.
    if (refusal.phiFindings !== undefined) {
      process.stderr.write(
        phiFindingLines(refusal.phiFindings, refusal.phiTotal ?? refusal.phiFindings.length),
      );
    }
    return exitCodeFor(error);
  } finally {
    if (!isLongRunning(argv)) context.close();
  }
}

function isLongRunning(argv: string[]): boolean {
  return argv.includes('serve');
}
