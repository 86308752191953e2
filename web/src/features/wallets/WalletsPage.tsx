/** The wallets screen (SPEC.md section 2, 'Wallets screen'). */
export function WalletsPage() {
  return (
    <div className="page-header">
      <div>
        <h1>Wallets</h1>
        <p>Connected wallets are kept in this browser only.</p>
      </div>
    </div>
  );
}
