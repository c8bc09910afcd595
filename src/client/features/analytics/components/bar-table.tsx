/** Numbers as a table with a bar beside each: readable as a table, seen as a chart. */
export function BarTable({
  caption,
  labelHeader,
  valueHeader,
  rows,
}: {
  caption: string;
  labelHeader: string;
  valueHeader: string;
  rows: { label: string; value: number }[];
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <table className="w-full text-left text-sm tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="w-28 p-1">
            {labelHeader}
          </th>
          <th scope="col" className="w-16 p-1">
            {valueHeader}
          </th>
          <th scope="col" className="p-1">
            <span className="sr-only">Bar</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label} className="border-t">
            <th scope="row" className="p-1 font-normal">
              {r.label}
            </th>
            <td className="p-1">{r.value}</td>
            <td className="p-1" aria-hidden="true">
              <span className="block h-3 rounded-sm bg-primary" style={{ width: `${(r.value / max) * 100}%` }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
