// PLACEHOLDER — replaced by the module's page (sales.md).
export function ClientMailPage() {
  return <h1>ClientMail</h1>;
}
