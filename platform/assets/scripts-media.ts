/**
 * POST /api/boards/{id}/scripts/media (board.md §7 "{script}; returns id"; issue 34 item 2): a
 * diagram from a text script stored as a picture of the board. With `svg` (what the board drew
 * with Mermaid for a kind other than a flowchart) that SVG is the picture; without it the script
 * must be a flowchart, drawn here by the board's own pure code (shared/diagram/flowchart.ts and
 * shared/geometry/board.ts). Either way the SVG goes through the upload pipeline (./intake.ts):
 * it is never trusted or served as SVG — it is rasterised to PNG (no script, handler or outside
 * reference survives) and kept as a board asset, under the same rules as an upload (edit_board,
 * uploads allowed, the size limits). Answers the asset's id and size.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { DIAGRAM_SCRIPT_MAX, flowchartToShapes, parseFlowchart } from '../../shared/diagram/flowchart';
import { boardToSvg } from '../../shared/geometry';
import { requestActor } from '../core/actor';
import { boardCors } from '../core/cors';
import { badRequest } from '../core/errors';
import { answer, optionalAuth, uidFields } from '../core/route-pieces';
import { boardRef } from '../boards/api';
import { uploadAsset, type AssetApp } from './service';

/** The largest SVG a script's picture may be (characters). */
export const SCRIPT_SVG_MAX = 2_000_000;

/** The SVG of a flowchart script, or the parser's problem. */
export function flowchartSvg(script: string): { svg: string } | { error: string } {
  const parsed = parseFlowchart(script);
  if (!parsed.ok) return { error: parsed.error };
  const group = flowchartToShapes(parsed.chart, script, {
    newId: () => crypto.randomUUID(),
    uid: 'server',
    timestamp: 0,
    at: { x: 0, y: 0 },
    attach: false,
  });
  return { svg: boardToSvg([group], { padding: 10, offline: true }) };
}

export function scriptMediaRoutes(appOf: (request: Request) => AssetApp): ServerRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/boards/{id}/scripts/media',
      options: {
        auth: optionalAuth,
        cors: boardCors,
        tags: ['api', 'assets'],
        description: 'Store a diagram from a text script as a picture of the board: { script, svg? }; answers its asset id',
        notes:
          "Owner, Facilitator or Editor of the board, with uploads allowed. Without `svg` the script must be a Mermaid flowchart (400 under `script` with the parser's problem); an `svg` is rasterised to PNG like an uploaded SVG, never served as SVG.",
        payload: { maxBytes: SCRIPT_SVG_MAX * 2 + 64 * 1024 },
        validate: {
          params: Joi.object({ id: boardRef }),
          payload: Joi.object({
            script: Joi.string().trim().min(1).max(DIAGRAM_SCRIPT_MAX).required(),
            svg: Joi.string().max(SCRIPT_SVG_MAX),
            ...uidFields,
          }),
        },
        response: {
          schema: answer('ScriptMedia', { id: Joi.string().guid(), width: Joi.number().integer(), height: Joi.number().integer() }),
        },
      },
      handler: async (request) => {
        const { script, svg } = request.payload as { script: string; svg?: string };
        let picture = svg;
        if (picture === undefined) {
          const drawn = flowchartSvg(script);
          if ('error' in drawn) throw badRequest(drawn.error, { script: [drawn.error] });
          picture = drawn.svg;
        }
        const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'tabula-script-'));
        const file = path.join(dir, 'diagram.svg');
        try {
          await fs.promises.writeFile(file, picture);
          const bytes = Buffer.byteLength(picture);
          const made = await uploadAsset(
            appOf(request),
            (request.params as { id: string }).id,
            requestActor(request),
            { file: { name: 'diagram.svg', path: file, bytes } },
            undefined,
          ).catch((err: unknown) => {
            // the pipeline names the upload's field `file`: here it is the svg
            const boom = err as { isBoom?: boolean; output?: { payload?: { errors?: Record<string, string[]> } } };
            const errors = boom.isBoom ? boom.output?.payload?.errors : undefined;
            if (errors?.file) {
              errors.svg = errors.file;
              delete errors.file;
            }
            throw err;
          });
          return { id: made.id, width: made.width, height: made.height };
        } finally {
          await fs.promises.rm(dir, { recursive: true, force: true });
        }
      },
    },
  ];
}
