import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import {
  defaultStorePath,
  openStore,
  type Store,
  type StoreAccess,
} from '../core/api/store-session';

/**
 * How each command opens the store, declared where the command is defined; a command that
 * declares nothing (import, audit, demo, review, …) writes and may create the store.
 */
const declaredAccess = new WeakMap<Command, StoreAccess>();

/**
 * A command that only reads the store: on a --db where no store exists it says so instead
 * of creating folders and an empty store.
 */
export function readsStore(command: Command): Command {
  declaredAccess.set(command, 'read');
  return command;
}

/**
 * A command that inspects the store as it is (Store.forInspection): not checked in full on
 * open, not upgraded, nothing written, so damage is its to describe, not a refusal.
 */
export function inspectsStore(command: Command): Command {
  declaredAccess.set(command, 'inspect');
  return command;
}

/**
 * What every command needs: the store chosen by --db / TOE_DB / default, and output mode.
 * `--db` and `--json` may come before the command or after it (`toe --json runs`,
 * `toe runs --json`); the command's own value wins. A command may give `--json` another
 * meaning (`toe export RUN --json FILE`): only a bare `--json` asks for JSON output.
 */
export class CliContext {
  private store: Store | null = null;
  private command: Command | null = null;

  constructor(private readonly program: Command) {}

  /** Called before a command's action, with the command that runs. */
  bind(command: Command): void {
    this.command = command;
  }

  get dbPath(): string {
    const db = this.chain().map((command) => command.opts<{ db?: unknown }>().db);
    return db.find((value): value is string => typeof value === 'string') ?? defaultStorePath();
  }

  get json(): boolean {
    return this.chain().some((command) => command.opts<{ json?: unknown }>().json === true);
  }

  /** The running command, its parents, then the program: nearest first. */
  private chain(): Command[] {
    const commands: Command[] = [];
    for (let command = this.command; command; command = command.parent) commands.push(command);
    if (!commands.includes(this.program)) commands.push(this.program);
    return commands;
  }

  /**
   * The store, checked in full on open when small (database.ts). A store that cannot be
   * written opens read-only, with a note: viewing works, a command that writes is refused.
   */
  openStore(): Store {
    if (this.store === null) {
      // Only the running command's own declaration: `cohorts delete` writes though `cohorts` reads.
      const access = (this.command && declaredAccess.get(this.command)) ?? 'write';
      this.store = openStore(this.dbPath, access);
      if (this.store.readOnlyReason !== null && access !== 'inspect') {
        this.note(
          `note: the store ${this.dbPath} is read-only (${this.store.readOnlyReason}): it can be viewed, not changed.`,
        );
      }
    }
    return this.store;
  }

  close(): void {
    this.store?.close();
    this.store = null;
  }

  print(text: string): void {
    process.stdout.write(`${text}\n`);
  }

  /** A remark while a command works: to stderr, so --json output stays one document. */
  note(text: string): void {
    process.stderr.write(`${text}\n`);
  }

  printJson(value: unknown): void {
    process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** Asks a yes/no question on the terminal; without one, refuses rather than guess. */
  async confirm(question: string): Promise<boolean> {
    if (!process.stdin.isTTY) {
      const refusal = `error: ${question} No terminal to ask on: pass --yes to confirm.`;
      (this.command ?? this.program).error(refusal, { exitCode: 2 });
    }
    const prompt = createInterface({ input: process.stdin, output: process.stderr });
    try {
      const answer = await prompt.question(`${question} [y/N] `);
      return /^y(es)?$/i.test(answer.trim());
    } finally {
      prompt.close();
    }
  }
}
