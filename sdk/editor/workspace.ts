import { FONTS } from '../../shared/constants';
import { workspaceConfigOf, type WorkspaceConfig } from '../../shared/workspace-roles';
import { loadStylesheet } from '../../ui/stylesheet';
import { zoomLimitsOf } from '../engine/viewport';
import type { Editor } from './editor';

/**
 * A board honours its workspace's settings (panel.md §3 Workspace config, as joinBoard's
 * BoardInfo.workspaceConfig carries them): the zoom limits bound the viewport, the workspace's
 * fonts join the font menu (their stylesheets, served by the platform, are loaded into the page),
 * and the upload size caps what the board takes in. The dark theme is the board screen's (sdk/board.tsx).
 */
export function applyWorkspaceConfig(editor: Editor, stored: Record<string, unknown> | null | undefined, server: string): WorkspaceConfig {
  const config = workspaceConfigOf(stored);
  editor.viewport.setZoomLimits(zoomLimitsOf(config.zoomLimits));
  editor.maxUploadSize = config.maxUploadSize;
  for (const font of config.fonts) {
    if (!font.src) continue;
    // once the font is in, text already drawn with a fallback is drawn again
    void loadStylesheet(`${server}${font.src}`)
      .then(() => document.fonts.load(`16px "${font.name.replace(/"/g, '')}"`))
      .then(() => editor.renderer?.invalidate())
      .catch(() => {});
  }
  const names = config.fonts.map((f) => f.name).filter((name) => !(FONTS as readonly string[]).includes(name));
  editor.fonts$.next([...FONTS, ...names]);
  return config;
}
