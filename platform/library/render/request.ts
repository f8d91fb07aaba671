/** What the node asks of the thumbnail render process, and its answer (./process.ts). */
export interface RenderRequest {
  id: number;
  /** the picture: SVG text or image bytes */
  input: Uint8Array;
  width: number;
  height: number;
  /** fills what `fit: contain` leaves around the picture */
  background: string;
  /** refuse the input unless it is this format (sharp's name: 'png', 'jpeg', 'webp') */
  format?: string;
}

export type RenderReply = { id: number; png: Buffer } | { id: number; error: string };
