// `npm start` builds first when dist/ is missing or stale.
import { buildIfStale } from './build-if-stale.mjs';
buildIfStale();
