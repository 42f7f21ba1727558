// PLACEHOLDER — replaced by the module's page (sales.md).
export function ShipmentsPage() {
  return <h1>Shipments</h1>;
}
