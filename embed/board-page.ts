/**
 * The entry of the hosted board page (/board/{code}; rollup.config.ts → dist/board/main.js): the
 * board page of sdk/page/page.tsx, with embed/child.ts for when a host frames it through
 * embed.js. The page lives in sdk/ and knows only its PageEmbedding interface; this entry is
 * where the two meet, so embed/ depends on sdk/ and never the reverse (docs/architecture.md,
 * "Layer rules").
 */
import { startBoardPage } from '../sdk/page/page';
import { connectParent, prepareEmbed, type EmbedSession } from './child';

startBoardPage<EmbedSession>({ prepare: () => prepareEmbed(), connect: connectParent });
