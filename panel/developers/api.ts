import type * as Wire from '../../shared/wire';
import { http } from '../../ui';

/** A developer app as /api/clients answers it (shared/wire.ts: the server's response schema). */
export type ClientApp = Wire.ClientApp;

export interface ClientAppInput {
  appName: string;
  terms: boolean;
  allowedOrigins: string[];
}

/** The panel's calls for developer apps (panel.md §7). */
export const clientsApi = {
  list: () => http.get<Wire.ClientApps>('/api/clients'),
  save: (body: ClientAppInput) => http.post<ClientApp>('/api/clients', body),
  regenerate: (id: string) => http.post<ClientApp>(`/api/clients/${encodeURIComponent(id)}/regenerate`, {}),
};

/** Texts of the developer pages. */
export const DEVELOPER_TEXTS = {
  noApp: 'You have no app yet. Create one to embed Tabula boards in your product.',
  createApp: 'Create app',
  secretOnce: 'Copy the secret now: it is shown only once.',
  regenerateTitle: 'Regenerate the secret?',
  regenerateMessage: 'The current secret stops working at once: update your backend with the new one.',
  regenerated: 'A new secret was generated.',
  copied: 'Copied to the clipboard.',
  anyOrigin: 'Any origin may embed your boards.',
  noOrigins: 'Your boards have not been embedded yet.',
} as const;

/** Textarea text (one origin a line) ⇄ list. */
export const originsFromText = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((o) => o.trim())
    .filter(Boolean);
export const originsToText = (origins: string[]): string => origins.join('\n');
