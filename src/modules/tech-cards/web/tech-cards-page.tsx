// PLACEHOLDER — replaced by the real page.
export function TechCardsPage() {
  return <p>…</p>;
}
