import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The human view of the OpenAPI document: Swagger UI from the installed swagger-ui-dist package,
 * served from this origin (it works offline, no CDN). The page loads no inline script, so its
 * Content-Security-Policy can say script-src 'self': the bundle and init.js are files here.
 */
export const UI_BASE = '/documents/api/ui';

/** The folder of the swagger-ui-dist package (resolved at run time, built or not). */
export const swaggerUiDir = (): string => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The package's files the page uses: nothing else of the folder is served. */
export const UI_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png']);

/** Starts Swagger UI on the document (no call to the online validator). */
export const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/documents/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
});
`;

export function uiPage(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title.replace(/[<>&"]/g, '')}</title>
<link rel="stylesheet" href="${UI_BASE}/swagger-ui.css">
<link rel="icon" type="image/png" sizes="32x32" href="${UI_BASE}/favicon-32x32.png">
<link rel="icon" type="image/png" sizes="16x16" href="${UI_BASE}/favicon-16x16.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${UI_BASE}/swagger-ui-bundle.js"></script>
<script src="${UI_BASE}/init.js"></script>
</body>
</html>
`;
}
