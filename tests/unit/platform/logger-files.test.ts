/**
 * The per-level log files the back-office log viewer reads (backoffice.md §2 "System logs"):
 * each file holds exactly its own level, trace included when LOG_LEVEL is trace.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, LOG_FILES } from '../../../platform/core/logger';

describe('log files per level', () => {
  it('writes each level to its own file, TraceLogs.log included', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-logs-'));
    const logger = createLogger({ level: 'trace', dir, stdout: false });
    logger.trace('a trace line');
    logger.debug('a debug line');
    logger.error('an error line');
    await new Promise((resolve) => setTimeout(resolve, 300));
    logger.flush();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const read = (file: string) => (fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), 'utf8') : '');
    expect(LOG_FILES.trace).toBe('TraceLogs.log');
    expect(read('TraceLogs.log')).toContain('a trace line');
    expect(read('TraceLogs.log')).not.toContain('a debug line');
    expect(read('DebugLogs.log')).toContain('a debug line');
    expect(read('ErrorLogs.log')).toContain('an error line');
    expect(read('ErrorLogs.log')).not.toContain('a trace line');
  });
});
