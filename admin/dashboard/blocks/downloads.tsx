import { useState } from 'react';
import { Button, reportFailure, saveBlob } from '../../../ui';
import { useDashboardApi, type ReportFormat } from '../api';
import { FILE_TYPES } from '../reports';
import type { StatisticEntry, StatisticQuery } from '../statistics-api';

/** The buttons' names: the reports list has 'Download CSV: {title}' for the default filters. */
export const BLOCK_DOWNLOAD_TEXTS: Record<ReportFormat, string> = {
  csv: 'Download the shown rows as CSV',
  json: 'Download the shown rows as JSON',
};

/** '{name}-Days-7.csv': the file says which filters made it. */
export const downloadName = (entry: StatisticEntry, query: StatisticQuery, format: ReportFormat): string =>
  `${[entry.name, ...Object.entries(query).map(([k, v]) => `${k}-${String(v).replace(/[^\w.-]+/g, '_')}`)].join('-')}.${format}`;

/**
 * A statistic's two downloads (backoffice.md §2 "CSV or JSON", §9 "CSV export via the Accept header"):
 * the rows for the block's filters as they are set now, the same rows the block draws.
 */
export function StatisticDownloads({ entry, query, label }: { entry: StatisticEntry; query: StatisticQuery; label: string }) {
  const api = useDashboardApi();
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      saveBlob(await api.reportFile(entry, format, query), downloadName(entry, query, format), FILE_TYPES[format]);
    } catch (err) {
      reportFailure(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="a-stat__downloads">
      {(['csv', 'json'] as const).map((format) => (
        <Button
          key={format}
          variant="secondary"
          size="sm"
          busy={busy === format}
          aria-label={`${BLOCK_DOWNLOAD_TEXTS[format]}: ${label}`}
          onClick={() => void download(format)}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </div>
  );
}
