/**
 * The jobs the node hands to its render process (./index.ts forks it; platform/render-process.ts is
 * its entry, ./serve.ts its loop): each kind's request and the answer it gets. Buffers cross the
 * IPC channel as they are (`serialization: 'advanced'`).
 */

/** A picture (SVG text or image bytes) drawn at width × height as a PNG, contained on `background`. */
export interface ThumbnailRequest {
  input: Uint8Array;
  width: number;
  height: number;
  /** fills what `fit: contain` leaves around the picture */
  background: string;
  /** refuse the input unless it is this format (sharp's name: 'png', 'jpeg', 'webp') */
  format?: string;
}

/** A PDF's page count and page 1's size in PDF units (platform/assets/pdf.ts). */
export interface PdfInfoReply {
  pages: number;
  width: number;
  height: number;
}

/** The stored variants of a drawn page, by variant name (platform/assets/variants.ts). */
export type VariantsReply = Record<string, { data: Uint8Array; contentType: string }>;

export interface RenderJobs {
  thumbnail: { request: ThumbnailRequest; reply: Uint8Array };
  'pdf-info': { request: { data: Uint8Array }; reply: PdfInfoReply };
  /** page is 1-based */
  'pdf-page': { request: { data: Uint8Array; page: number }; reply: VariantsReply };
}

export type RenderKind = keyof RenderJobs;

/** A job as asked: `{ kind: 'thumbnail', … } | { kind: 'pdf-info', … } | { kind: 'pdf-page', … }`. */
export type RenderJob<K extends RenderKind = RenderKind> = K extends RenderKind ? { kind: K } & RenderJobs[K]['request'] : never;

export type RenderReply<K extends RenderKind> = RenderJobs[K]['reply'];

/** What the process does for each kind (platform/render-process.ts). */
export type RenderHandlers = { [K in RenderKind]: (job: RenderJob<K>) => Promise<RenderReply<K>> };

/** On the channel: the job with its id, and the answer to that id. */
export type RenderMessage = RenderJob & { id: number };
export type RenderAnswer = { id: number; value: unknown } | { id: number; error: string };
