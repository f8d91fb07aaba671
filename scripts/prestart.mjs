// `npm start`, before the server: build what is missing or older than its sources (a fresh clone
// builds once, with each step shown), then package.json `exec`s node on build/main.js so signals
// reach the node itself.
import { build } from './build.mjs';
build({ ifStale: true });
