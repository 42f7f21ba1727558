// PLACEHOLDER — replaced by the module's page (sales.md).
export function SerialNumbersPage() {
  return <h1>SerialNumbers</h1>;
}
