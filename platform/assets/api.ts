/**
 * What other domains may use of assets (docs/assets.md; docs/architecture.md "Domains and their
 * api.ts"): reading a stored object, copying a board's pictures (duplicate, restore), a backup's
 * pictures, a PDF page's key, the operators' orphan-assets report. The storage itself is `server.plugins.assets.storage`; these
 * functions are exposed there too.
 */
export { picturesForBackup, preparePictures, storePictures, type PreparedPicture } from './backup';
export { copyAssets, planCopies, resourcesOf, withCopiedResources } from './copy';
export { IntakeError } from './intake';
export { orphanAssetsBase, orphanAssetsList } from './orphans';
export { pageKey } from './pdf';
export { readObject, type AssetStorage } from './storage';
