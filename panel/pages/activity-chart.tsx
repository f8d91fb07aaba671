/**
 * The home page's activity (panel.md §3 coreAction): sessions, edits and collaborations as
 * horizontal bars scaled to the largest, each with its figure, so the mix reads at a glance.
 */
const BARS = [
  { key: 'sessions', label: 'Sessions', color: '#1565c0' },
  { key: 'edits', label: 'Edits', color: '#2e7d32' },
  { key: 'collaborations', label: 'Collaborations', color: '#6a1b9a' },
] as const;

export function ActivityChart({ activity }: { activity: { sessions: number; edits: number; collaborations: number } }) {
  const max = Math.max(1, ...BARS.map((b) => activity[b.key]));
  const summary = BARS.map((b) => `${b.label} ${activity[b.key]}`).join(', ');
  return (
    <figure className="p-chart" aria-label={`Your activity: ${summary}`}>
      <figcaption className="p-chart__title">Your activity</figcaption>
      {BARS.map((b) => (
        <div key={b.key} className="p-chart__row">
          <span className="p-chart__label">{b.label}</span>
          <svg className="p-chart__bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
            <rect x="0" y="0" width="100" height="10" rx="2" fill="#eef1f5" />
            <rect x="0" y="0" width={(activity[b.key] / max) * 100} height="10" rx="2" fill={b.color} />
          </svg>
          <span className="p-chart__value">{activity[b.key].toLocaleString()}</span>
        </div>
      ))}
    </figure>
  );
}
