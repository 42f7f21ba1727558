// PLACEHOLDER — replaced by the real page.
export function RecipesPage() {
  return <p>…</p>;
}
