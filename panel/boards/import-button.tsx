import { useRef, useState } from 'react';
import { MESSAGES } from '../../shared/messages';
import { Button, reportFailure, toast } from '../../ui';
import { boardsApi } from './api';

/**
 * Import (panel.md §2, §8): picks a .wtb backup and restores it as a new board of the workspace;
 * 'No File Selected' when none is chosen, 'Only .wtb backup files can be restored.' for another
 * kind of file, 'Board successfully restored' with Open on success.
 */
export function ImportButton({ workspace }: { workspace: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function restore(file: File | undefined) {
    if (!file) {
      toast.error(MESSAGES.noFileSelected);
      return;
    }
    // a file of another kind is refused here, with what Import takes (the server refuses it too)
    if (!file.name.toLowerCase().endsWith('.wtb')) {
      toast.error(MESSAGES.notWtbBackup);
      if (input.current) input.current.value = '';
      return;
    }
    setBusy(true);
    try {
      const { code } = await boardsApi.restore(workspace, file);
      toast.success('Board successfully restored', { actions: [{ label: 'Open', onClick: () => location.assign(`/board/${code}`) }] });
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".wtb"
        hidden
        aria-label="Backup file to import"
        onChange={(e) => void restore(e.target.files?.[0])}
      />
      <Button variant="secondary" busy={busy} icon={undefined} onClick={() => input.current?.click()}>
        Import
      </Button>
    </>
  );
}
