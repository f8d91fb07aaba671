/**
 * A series (e.g. commands per day) as inline SVG columns scaled to the largest value, with a
 * text summary for screen readers (like panel/pages/activity-chart.tsx).
 */
export function SeriesChart({ title, points }: { title: string; points: Array<{ name: string; value: number }> }) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const width = Math.max(1, points.length) * 10;
  const total = points.reduce((sum, p) => sum + p.value, 0);
  return (
    <figure style={{ margin: 0 }} aria-label={`${title}: ${points.length} points, total ${total}, highest ${max}`}>
      <svg className="a-series" viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" aria-hidden="true">
        <rect x="0" y="0" width={width} height="100" fill="#f6f8fb" />
        {points.map((p, i) => (
          <rect key={p.name} x={i * 10 + 1} y={100 - (p.value / max) * 96} width="8" height={(p.value / max) * 96} fill="#1565c0">
            <title>{`${p.name}: ${p.value}`}</title>
          </rect>
        ))}
      </svg>
      <figcaption style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, color: '#4a5466' }}>
        <span>{points[0]?.name ?? ''}</span>
        <span>max {max}</span>
        <span>{points[points.length - 1]?.name ?? ''}</span>
      </figcaption>
    </figure>
  );
}
