// PLACEHOLDER — replaced by the real page.
export function MesPage() {
  return <p>…</p>;
}
