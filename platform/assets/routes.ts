import fs from 'node:fs';
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { COMPRESSION, UPLOAD_MAX_BYTES } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { requestActor } from '../core/actor';
import { attachment } from '../core/attachment';
import { boardCors } from '../core/cors';
import { badRequest } from '../core/errors';
import { boardRef } from '../boards/api';
import { optionalAuth, uidFields } from '../core/route-pieces';
import { duplicateAssets, readAsset, readOriginal, uploadAsset, type AssetApp, type AssetToDuplicate } from './service';
import { VARIANTS, type Variant } from './variants';

/** A multipart part written to a temporary file by hapi (payload output 'file'). */
interface FilePart {
  filename?: string;
  path: string;
  bytes: number;
  headers?: Record<string, string>;
}

const isFilePart = (v: unknown): v is FilePart => !!v && typeof v === 'object' && typeof (v as FilePart).path === 'string';

/** Removes the files hapi wrote the request's parts to. */
function removeTemporaryFiles(request: Request, h: ResponseToolkit) {
  const payload = request.payload as Record<string, unknown> | null;
  for (const value of Object.values(payload && typeof payload === 'object' ? payload : {})) {
    for (const part of [value].flat()) if (isFilePart(part)) fs.promises.rm(part.path, { force: true }).catch(() => undefined);
  }
  return h.continue;
}

/** The most pictures one paste copies. */
const DUPLICATE_ASSETS_MAX = 500;

const BOTH_SOURCES = 'Send a file or a URL, not both';

/** Room for the multipart framing and the other fields around a file of the largest size. */
const MULTIPART_SLACK = 256 * 1024;

/**
 * The asset routes (board.md §7): POST /api/boards/{id}/assets (multipart `file`, optional
 * `quality` 1–100; streamed to a temporary file by hapi, never held whole in memory while it
 * arrives) and GET /api/assets/{id}/{full|s1|preview}?Board= (the board's visitors only).
 * Both take the board's cross-origin policy (core/cors.ts): the SDK calls them from host pages.
 */
export function assetRoutes(appOf: (request: Request) => AssetApp): ServerRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/boards/{id}/assets',
      options: {
        auth: optionalAuth,
        cors: boardCors,
        tags: ['api', 'assets'],
        description:
          'Upload a picture to the board: multipart field file, or JSON { url } for upload via URL (quality 1–100 turns it into JPEG)',
        notes:
          "Owner, Facilitator or Editor of the board, with uploads allowed. The file is checked by its bytes; pictures are encoded again without their metadata. 400 under `file` (or `url`) with the spec's message for an unsupported type or a file over the limit; under `url` 'Invalid URL' or 'Error downloading file from the URL' (the server fetches public addresses only, docs/security.md).",
        payload: {
          output: 'data',
          parse: true,
          multipart: { output: 'file' },
          // a file as multipart, or upload via URL as JSON { url, quality? } (board.md §5)
          allow: ['multipart/form-data', 'application/json'],
          maxBytes: UPLOAD_MAX_BYTES + MULTIPART_SLACK,
        },
        validate: {
          params: Joi.object({ id: boardRef }),
          payload: Joi.object({
            file: Joi.any(),
            url: Joi.string().allow('').max(2048),
            quality: Joi.number().integer().min(COMPRESSION.min).max(COMPRESSION.max),
            ...uidFields,
          }).unknown(false),
        },
        // the temporary files go whatever the answer (a refused or invalid upload too)
        ext: { onPreResponse: { method: removeTemporaryFiles } },
        response: {
          schema: Joi.object({
            id: Joi.string().guid().required(),
            width: Joi.number().integer().required(),
            height: Joi.number().integer().required(),
            metadata: Joi.object({
              mimetype: Joi.string().required(),
              page: Joi.object({ current: Joi.number().integer().required(), total: Joi.number().integer().required() }).description(
                'a document (PDF): the page shown first and the page count',
              ),
            }).required(),
          }).label('UploadedAsset'),
        },
      },
      handler: async (request) => {
        const payload = request.payload as { file?: unknown; url?: string; quality?: number };
        const code = (request.params as { id: string }).id;
        if (payload.url !== undefined) {
          if (payload.file !== undefined) throw badRequest(BOTH_SOURCES, { url: [BOTH_SOURCES] });
          return uploadAsset(appOf(request), code, requestActor(request), { url: payload.url }, payload.quality);
        }
        const parts = [payload.file].flat().filter(isFilePart);
        if (parts.length !== 1 || !parts[0]!.filename) throw badRequest(MESSAGES.noFileSelected, { file: [MESSAGES.noFileSelected] });
        const part = parts[0]!;
        return uploadAsset(
          appOf(request),
          code,
          requestActor(request),
          { file: { name: part.filename!, path: part.path, bytes: part.bytes } },
          payload.quality,
        );
      },
    },
    {
      method: 'POST',
      path: '/api/boards/{id}/duplicate-assets',
      options: {
        auth: optionalAuth,
        cors: boardCors,
        tags: ['api', 'assets'],
        description: 'Copy the pictures of shapes pasted from another board onto this board',
        notes:
          "Owner, Facilitator or Editor of this board, with uploads allowed. Each asset is copied when the asker may open the board it is on; otherwise its `assetId` is '' and the board drops that picture. An asset already on this board answers its own id.",
        validate: {
          params: Joi.object({ id: boardRef }),
          payload: Joi.object({
            assets: Joi.array()
              .items(
                Joi.object({
                  id: Joi.string().max(64).required(),
                  assetId: Joi.string().max(64).allow('').required(),
                  memberId: Joi.string().max(64).allow('', null),
                }),
              )
              .max(DUPLICATE_ASSETS_MAX)
              .required(),
            ...uidFields,
          }),
        },
        response: {
          schema: Joi.object({
            assets: Joi.array()
              .items(Joi.object({ id: Joi.string().required(), assetId: Joi.string().allow('').required() }).label('DuplicatedAsset'))
              .required(),
          }).label('DuplicatedAssets'),
        },
      },
      handler: async (request) => {
        const { assets } = request.payload as { assets: AssetToDuplicate[] };
        return duplicateAssets(
          appOf(request),
          (request.params as { id: string }).id,
          requestActor(request),
          assets.map(({ id, assetId }) => ({ id, assetId })),
        );
      },
    },
    {
      method: 'GET',
      path: '/api/assets/{id}/{variant}',
      options: {
        auth: optionalAuth,
        cors: boardCors,
        tags: ['api', 'assets'],
        description:
          'A picture of a board: full, or the previews s1 and preview (the Board query names the board it is on; Page a page of a PDF)',
        validate: {
          params: Joi.object({
            id: Joi.string().guid().required(),
            variant: Joi.string()
              .valid(...VARIANTS)
              .required(),
          }),
          query: Joi.object({ Board: boardRef, Page: Joi.number().integer().min(1), ...uidFields }),
        },
      },
      handler: async (request, h: ResponseToolkit) => {
        const { id, variant } = request.params as { id: string; variant: Variant };
        const { Board, Page } = request.query as { Board: string; Page?: number };
        const { object } = await readAsset(appOf(request), id, variant, Board, requestActor(request), Page ?? 1);
        // an asset's variants never change (new pictures get new ids): cached by the visitor's browser only
        return h
          .response(object.body)
          .type(object.contentType)
          .bytes(object.bytes)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff');
      },
    },
    {
      method: 'GET',
      path: '/api/media/{resource}/original',
      options: {
        auth: optionalAuth,
        cors: boardCors,
        tags: ['api', 'assets'],
        description: "Download a picture's original (the Board query names the board it is on)",
        notes:
          'A PDF as uploaded; a picture at its full size as the board keeps it (encoded again on upload, without its metadata). As an attachment named after the upload.',
        validate: {
          params: Joi.object({ resource: Joi.string().guid().required() }),
          query: Joi.object({ Board: boardRef, ...uidFields }),
        },
      },
      handler: async (request, h: ResponseToolkit) => {
        const { resource } = request.params as { resource: string };
        const { Board } = request.query as { Board: string };
        const { object, fileName } = await readOriginal(appOf(request), resource, Board, requestActor(request));
        return h
          .response(object.body)
          .type(object.contentType)
          .bytes(object.bytes)
          .header('content-disposition', attachment(fileName))
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff');
      },
    },
  ];
}
