import { useState } from 'react';
import { Button, reportFailure, saveBlob } from '../../ui';
import { useDashboardApi, type ReportFormat } from './api';
import type { CatalogueEntry } from './statistics-api';

/** The block's texts (backoffice.md §2 Dashboard "Reports list: downloads in CSV or JSON"). */
export const REPORT_TEXTS = {
  heading: 'Reports',
  intro: 'Each report downloads as CSV (for a spreadsheet) or as JSON, with at most the rows the server answers in one file.',
  csv: 'Download CSV',
  json: 'Download JSON',
  loading: 'Loading the reports…',
  statistic: 'Statistic',
} as const;

export const FILE_TYPES: Record<ReportFormat, string> = { csv: 'text/csv;charset=utf-8', json: 'application/json;charset=utf-8' };

/**
 * The reports list: every report and statistic the server declares (GET /api/admin/reports, read
 * once by the page) with its title, its one-line description and two downloads; a statistic's
 * files hold its rows for its default parameters. A download fetches with the operator's token (the one
 * HTTP layer) and saves the file as `{name}.csv` / `{name}.json`, the way a grid's CSV export does
 * (ui/grid saveBlob); its button shows a spinner meanwhile, and a failure is an error toast.
 */
export function Reports({ reports }: { reports: CatalogueEntry[] | null }) {
  const api = useDashboardApi();
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (report: CatalogueEntry, format: ReportFormat) => {
    setBusy(`${report.name}.${format}`);
    try {
      saveBlob(await api.reportFile(report, format), `${report.name}.${format}`, FILE_TYPES[format]);
    } catch (err) {
      reportFailure(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="a-dash__block" aria-labelledby="dash-reports">
      <h2 id="dash-reports" className="a-dash__title">
        {REPORT_TEXTS.heading}
      </h2>
      <p className="a-dash__intro">{REPORT_TEXTS.intro}</p>
      {reports === null ? (
        <p className="a-dash__intro" role="status">
          {REPORT_TEXTS.loading}
        </p>
      ) : (
        <ul className="a-dash__reports">
          {reports.map((report) => (
            <li key={report.name} className="a-dash__report">
              <div className="a-dash__report-text">
                <h3 className="a-dash__report-title">{report.title}</h3>
                <p className="a-dash__report-description">
                  {report.kind === 'statistic' ? <span className="a-dash__report-kind">{REPORT_TEXTS.statistic}</span> : null}
                  {report.description}
                </p>
              </div>
              <div className="a-dash__report-buttons">
                {(['csv', 'json'] as const).map((format) => (
                  <Button
                    key={format}
                    variant="secondary"
                    size="sm"
                    busy={busy === `${report.name}.${format}`}
                    aria-label={`${REPORT_TEXTS[format]}: ${report.title}`}
                    onClick={() => void download(report, format)}
                  >
                    {REPORT_TEXTS[format]}
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
