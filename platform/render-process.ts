import sharp from 'sharp';
import { drawPdfPage, readPdfInfo } from './assets/pdf';
import { serveRenderJobs } from './core/render/serve';
import { drawThumbnailPng } from './library/thumbnail-png';

/**
 * The render process's entry (forked by platform/core/render/index.ts, at a lower CPU priority
 * than the node; built as build/render-process.js): it runs the node's drawing jobs — board and
 * client thumbnails (libvips), PDF info and pages (PDF.js, then libvips) — off the node's cores
 * while the node serves its boards, and exits with the node (its IPC channel closing). Like the
 * node's own entry it is a composition root: it puts together the domains' drawing functions.
 */
sharp.concurrency(1);
// every picture is drawn once: libvips' operation cache would only hold memory
sharp.cache(false);

serveRenderJobs({
  thumbnail: drawThumbnailPng,
  'pdf-info': ({ data }) => readPdfInfo(data),
  'pdf-page': ({ data, page }) => drawPdfPage(data, page),
});
