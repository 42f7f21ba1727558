// PLACEHOLDER — replaced by the real page.
export function ManufacturingPage() {
  return <p>…</p>;
}
