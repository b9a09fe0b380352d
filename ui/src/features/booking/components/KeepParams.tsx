// KeepParams carries the page's other query parameters through a GET
// form, so a step submitted without JavaScript keeps what was chosen
// before (zone, person, the booking being moved…).
export function KeepParams({ params, omit }: { params: URLSearchParams; omit: string[] }) {
  const kept = [...params.entries()].filter(([k]) => !omit.includes(k));
  return (
    <>
      {kept.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}
