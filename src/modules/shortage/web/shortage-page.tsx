// PLACEHOLDER — replaced by the real page.
export function ShortagePage() {
  return <p>…</p>;
}
