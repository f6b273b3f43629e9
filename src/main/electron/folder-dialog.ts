// The desktop app's answer to folders.choose: the native folder dialog. Only Electron's types
// are imported, so this runs under vitest with a fake dialog.
import type { OpenDialogOptions } from 'electron';
import type { CallResult, ParsedArgs } from '../../shared/contract';

/** dialog.showOpenDialog over the app's window (or on its own when none has focus). */
export type ShowOpenDialog = (
  options: OpenDialogOptions,
) => Promise<{ canceled: boolean; filePaths: string[] }>;

export function chooseFolderHandler(
  show: ShowOpenDialog,
  documentsDir: string,
): (args: ParsedArgs<'folders.choose'>) => Promise<CallResult<'folders.choose'>> {
  return async ({ title }) => {
    const { canceled, filePaths } = await show({
      title,
      defaultPath: documentsDir,
      // A folder of data files, never created from here; not in the OS's recent documents,
      // which could name a hospital's data folder to the next user of the machine.
      properties: ['openDirectory', 'dontAddToRecent'],
    });
    return { path: canceled ? null : (filePaths[0] ?? null) };
  };
}
