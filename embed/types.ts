/**
 * The public types for hosts (docs/embedding.md): `tsc -p embed/tsconfig.types.json` emits them
 * to dist/types/embed/types.d.ts. With the script tag, `window.Tabula` is typed by this file;
 * with a bundler, `import type { BoardHandle, EmbedOptions } from 'tabula/embed'`.
 */
import type { embed, version } from './host';

export type { BoardHandle } from './host';
export type {
  BoardInfo,
  BoardMethods,
  EmbedData,
  EmbedError,
  EmbedErrorCode,
  EmbedEvent,
  EmbedEventPayloads,
  EmbedFeatures,
  EmbedOptions,
  EmbedPermission,
  ExportFormat,
  NotificationMode,
  Participant,
  Shape,
} from './api';

/** The global the script defines. */
export interface TabulaGlobal {
  embed: typeof embed;
  version: typeof version;
}

declare global {
  interface Window {
    Tabula: TabulaGlobal;
  }
}
