import openSans from './OpenSans-Regular.ttf?inline';

/**
 * The board's font (shared/constants DEFAULT_FONT, Open Sans regular; Apache License 2.0, see
 * OpenSans-LICENSE.txt) as base64 TrueType, for the PDF export to embed so its text stays real,
 * selectable text. Imported only by sdk/editor/pdf-export.ts through a dynamic import: the ~140 kB
 * stay in the PDF export's lazy chunk, out of the board bundle.
 */
export const OPEN_SANS_TTF_BASE64: string = openSans.slice(openSans.indexOf(',') + 1);
export const OPEN_SANS_FILE = 'OpenSans-Regular.ttf';
