/**
 * What other domains may use of templates (docs/architecture.md "Domains and their api.ts"):
 * inserting a template into a board (the hub's addTemplate), and the back-office's actions
 * (install the library, re-draw the built-in thumbnails). Exposed too as `server.plugins.templates`.
 */
export { insertTemplate, installLibrary, rebuildThumbnails, type ViewSize } from './service';
