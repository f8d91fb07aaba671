import Boom from '@hapi/boom';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { operatorRoute } from '../operator';
import { LOG_LEVELS, LOG_NAME, LOG_PROPERTIES, logFiles, logPath, readLogPage, type LogQuery } from './reader';

export const LOG_NOT_FOUND = 'Log file not found.';
/** The viewer's default file (backoffice.md §2). */
export const DEFAULT_LOG = 'ErrorLogs.log';

const logDir = (request: Request) => request.server.app.config.logDir;

const nullable = () => Joi.string().allow(null, '');
/** GET /api/system-logs: the files the viewer can open, and the one it opens first. */
const logFilesAnswer = Joi.object({
  default: Joi.string(),
  files: Joi.array().items(
    Joi.object({ name: Joi.string(), size: Joi.number().integer(), modified: Joi.string() })
      .prefs({ presence: 'required' })
      .label('SystemLogFile'),
  ),
})
  .prefs({ presence: 'required' })
  .label('SystemLogFiles');
/** GET /api/system-logs/{logName}: a page of entries (reader.ts readLogPage). */
const logPageAnswer = Joi.object({
  logName: Joi.string(),
  size: Joi.number().integer().description('the file size, bytes'),
  data: Joi.array().items(
    Joi.object({
      id: Joi.number().integer().description("byte offset of the line in the file: the entry's id, and a cursor"),
      timestamp: nullable(),
      level: Joi.string().valid(...LOG_LEVELS.filter((l) => l !== 'All'), 'Unknown'),
      name: nullable(),
      traceCode: nullable(),
      message: Joi.string().allow(''),
      exception: nullable(),
    })
      .prefs({ presence: 'required' })
      .label('SystemLogEntry'),
  ),
  before: Joi.number().integer().allow(null).description("the next (older) page's Before; null at the start of the file"),
})
  .prefs({ presence: 'required' })
  .label('SystemLogPage');

export const systemLogRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/system-logs',
    options: operatorRoute('system-logs', {
      description: 'The log files of LOG_DIR the viewer can open (name, size, modified)',
      response: { schema: logFilesAnswer },
    }),
    handler: async (request) => ({ default: DEFAULT_LOG, files: await logFiles(logDir(request)) }),
  },
  {
    method: 'GET',
    path: '/api/system-logs/{logName}',
    options: operatorRoute('system-logs', {
      description: 'Entries of a log file, newest first, read from the end of the file',
      notes:
        "Take entries (default 50) older than the byte offset Before (default: the end); the answer gives the next page's Before (null at the start of the file). " +
        'Level: All, Fatal, Error, Warning, Debug, Info, Trace. Property (timestamp, name, traceCode, message, exception) with Operator Contains or NotContains and Value. ' +
        'Only a log file of LOG_DIR can be read: any other name is a 400 or a 404.',
      validate: {
        params: Joi.object({
          logName: Joi.string().pattern(LOG_NAME).required().messages({ 'string.pattern.base': 'logName must be the name of a log file' }),
        }),
        query: Joi.object({
          Take: Joi.number().integer().min(1).max(500).default(50),
          Before: Joi.number().integer().min(0),
          Level: Joi.string()
            .valid(...LOG_LEVELS)
            .default('All'),
          Property: Joi.string().valid(...LOG_PROPERTIES),
          Operator: Joi.string().valid('Contains', 'NotContains', 'Not Contains').default('Contains'),
          Value: Joi.string().max(200).allow(''),
        })
          .unknown(true)
          .label('SystemLogQuery'),
      },
      response: { schema: logPageAnswer },
    }),
    async handler(request) {
      const name = String(request.params.logName);
      const file = await logPath(logDir(request), name);
      if (!file) throw Boom.notFound(LOG_NOT_FOUND);
      const q = request.query as {
        Take: number;
        Before?: number;
        Level: LogQuery['level'];
        Property?: LogQuery['property'];
        Operator: string;
        Value?: string;
      };
      const page = await readLogPage(file, {
        take: q.Take,
        before: q.Before,
        level: q.Level,
        property: q.Property,
        operator: q.Operator === 'Contains' ? 'Contains' : 'NotContains',
        value: q.Value,
      });
      return { logName: name, ...page };
    },
  },
];
