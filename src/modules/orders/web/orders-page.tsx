// PLACEHOLDER — replaced by the module's page (sales.md).
export function OrdersPage() {
  return <h1>Orders</h1>;
}
