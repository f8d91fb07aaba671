/**
 * The entry of tabula-mermaid.js (rollup.config.ts `mermaidScript`, docs/performance.md
 * "Mermaid"): the `mermaid` package as one classic script that sets the global `TabulaMermaid`,
 * built beside the SDK's files (dist/sdk/, served as /static/sdk/) and loaded by
 * ./mermaid-loader.ts only when a diagram other than a flowchart is previewed. No bundle of ours
 * imports this file.
 */
import mermaid from 'mermaid';

export default mermaid;
