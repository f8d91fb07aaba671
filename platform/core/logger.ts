import fs from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';

/**
 * JSON logs on stdout and, per level, in files under LOG_DIR that the back-office log
 * viewer reads: FatalLogs.log, ErrorLogs.log, WarningLogs.log, InfoLogs.log, DebugLogs.log.
 */
export const LOG_FILES = {
  fatal: 'FatalLogs.log',
  error: 'ErrorLogs.log',
  warn: 'WarningLogs.log',
  info: 'InfoLogs.log',
  debug: 'DebugLogs.log',
} as const;

export function createLogger(options: { level: string; dir?: string; stdout?: boolean }): Logger {
  const streams: pino.StreamEntry[] = [];
  if (options.stdout !== false) streams.push({ level: options.level as pino.Level, stream: process.stdout });
  if (options.dir) {
    fs.mkdirSync(options.dir, { recursive: true });
    for (const [level, file] of Object.entries(LOG_FILES)) {
      const dest = pino.destination({ dest: path.join(options.dir, file), sync: false, mkdir: true });
      streams.push({ level: level as pino.Level, stream: levelOnly(level as pino.Level, dest) });
    }
  }
  return pino({ level: options.level, base: { name: 'tabula' }, timestamp: pino.stdTimeFunctions.isoTime }, pino.multistream(streams, { dedupe: false }));
}

/** Each file holds exactly its own level (the viewer filters by file, then by level). */
function levelOnly(level: pino.Level, dest: pino.DestinationStream): pino.DestinationStream {
  const wanted = pino.levels.values[level];
  return {
    write(line: string) {
      const match = /"level":(\d+)/.exec(line);
      if (match && Number(match[1]) === wanted) dest.write(line);
    },
  };
}
