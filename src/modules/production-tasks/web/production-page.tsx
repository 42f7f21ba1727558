// PLACEHOLDER — replaced by the real page.
export function ProductionPage() {
  return <p>…</p>;
}
