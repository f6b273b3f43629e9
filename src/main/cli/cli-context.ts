import type { Command } from 'commander';
import { Store } from '../core/store';
import { defaultStorePath } from '../core/store/default-path';

/** What every command needs: the store chosen by --db / TOE_DB / default, and output mode. */
export class CliContext {
  private store: Store | null = null;

  constructor(private readonly program: Command) {}

  get dbPath(): string {
    const { db } = this.program.opts<{ db?: string }>();
    return db ?? defaultStorePath();
  }

  get json(): boolean {
    return this.program.opts<{ json?: boolean }>().json === true;
  }

  openStore(): Store {
    this.store ??= new Store(this.dbPath);
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
}
