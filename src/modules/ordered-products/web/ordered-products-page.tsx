// PLACEHOLDER — replaced by the real page.
export function OrderedProductsPage() {
  return <p>…</p>;
}
