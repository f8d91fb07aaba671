/**
 * The public types for hosts (docs/embedding.md), shipped in the `tabula` package as
 * sdk/dist/embed.d.ts (`npm run build:types`: sdk/tsconfig.types.json, sdk/rollup.types.config.ts).
 * With the script tag, `window.Tabula` is typed by this file; with a bundler,
 * `import type { BoardHandle, EmbedOptions } from 'tabula/embed'`.
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
} from '../shared/embed';

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
