// PLACEHOLDER — replaced by the real page.
export function BomPage() {
  return <p>…</p>;
}
