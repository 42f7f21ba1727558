// PLACEHOLDER — replaced by the module's page (sales.md).
export function PaymentsPage() {
  return <h1>Payments</h1>;
}
