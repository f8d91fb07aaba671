/** The series of a bar chart with their colours and figures (the chart's text, readable as it is). */
export function Legend({ items }: { items: Array<{ label: string; colour: string; figure?: string }> }) {
  return (
    <ul className="a-legend">
      {items.map((item) => (
        <li key={item.label}>
          <span className="a-legend__swatch" style={{ background: item.colour }} aria-hidden="true" />
          <span>{item.label}</span>
          {item.figure ? <strong>{item.figure}</strong> : null}
        </li>
      ))}
    </ul>
  );
}
