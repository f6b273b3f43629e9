// The desktop app's folder dialog for imports (src/main/electron/folder-dialog.ts), with a
// fake dialog: the Electron binary is not needed.
import { describe, expect, it } from 'vitest';
import type { OpenDialogOptions } from 'electron';
import { chooseFolderHandler } from '../../src/main/electron/folder-dialog';

function fakeDialog(answer: { canceled: boolean; filePaths: string[] }) {
  const asked: OpenDialogOptions[] = [];
  const show = async (options: OpenDialogOptions) => {
    asked.push(options);
    return answer;
  };
  return { show, asked };
}

describe('chooseFolderHandler', () => {
  it('asks for one existing folder, starting in Documents, kept out of recent documents', async () => {
    const dialog = fakeDialog({ canceled: false, filePaths: ['/data/mimic-iv'] });
    const choose = chooseFolderHandler(dialog.show, '/home/qi/Documents');
    expect(await choose({ title: 'Choose the folder to import' })).toEqual({
      path: '/data/mimic-iv',
    });
    expect(dialog.asked).toEqual([
      {
        title: 'Choose the folder to import',
        defaultPath: '/home/qi/Documents',
        properties: ['openDirectory', 'dontAddToRecent'],
      },
    ]);
  });

  it('answers null when the dialog is closed without a choice', async () => {
    const dialog = fakeDialog({ canceled: true, filePaths: [] });
    expect(await chooseFolderHandler(dialog.show, '/docs')({ title: 'x' })).toEqual({ path: null });
  });
});
