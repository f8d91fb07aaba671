import { ConfirmHost } from './confirm';
import { BusyIndicator } from './spinner';
import { useUiStyles } from './styles';
import { Toaster } from './toast';

/**
 * Mount once per app (panel, admin, board page): the toast stack, the dialogs opened with
 * confirm(), and (unless `busyBar={false}`) the busy bar fed by the HTTP layer.
 */
export function UiRoot({ busyBar = true }: { busyBar?: boolean }) {
  useUiStyles();
  return (
    <>
      {busyBar && <BusyIndicator />}
      <Toaster />
      <ConfirmHost />
    </>
  );
}
