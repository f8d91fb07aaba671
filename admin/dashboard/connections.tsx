import { useEffect, useState } from 'react';
import { Figures, reportFailure } from '../../ui';
import { useDashboardApi, type DashboardFigures } from './api';

/** How often the figures are read again, and the countdown's step in between. */
export const FIGURES_REFRESH_MS = 30_000;

/** backoffice.md §2 Dashboard: "time until the next scheduled task (0 is shown as Running)". */
export function nextTaskText(seconds: number | null): string {
  if (seconds === null) return 'None';
  if (seconds <= 0) return 'Running';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m ? `${m} min ${s} s` : `${s} s`;
}

/** Connections count and the time until the next scheduled task, read every 30 s and counted down each second. */
export function Connections() {
  const api = useDashboardApi();
  const [figures, setFigures] = useState<DashboardFigures | null>(null);
  useEffect(() => {
    let live = true;
    const read = () => api.figures().then((f) => live && setFigures(f), reportFailure);
    void read();
    const refresh = setInterval(read, FIGURES_REFRESH_MS);
    const tick = setInterval(
      () => setFigures((f) => (f && f.nextTaskInSeconds ? { ...f, nextTaskInSeconds: f.nextTaskInSeconds - 1 } : f)),
      1000,
    );
    return () => {
      live = false;
      clearInterval(refresh);
      clearInterval(tick);
    };
  }, [api]);
  // the countdown reached the task: read again shortly (the server tells the one after it)
  const due = figures?.nextTaskInSeconds === 0;
  useEffect(() => {
    if (!due) return;
    const again = setTimeout(() => void api.figures().then(setFigures, reportFailure), 2000);
    return () => clearTimeout(again);
  }, [api, due]);
  return (
    <section className="a-dash__block" aria-labelledby="dash-node">
      <h2 id="dash-node" className="a-dash__title">
        Server
      </h2>
      <Figures
        items={[
          { label: 'Connections', value: figures ? figures.connections : '…' },
          { label: 'Next scheduled task', value: figures ? nextTaskText(figures.nextTaskInSeconds) : '…' },
        ]}
      />
    </section>
  );
}
