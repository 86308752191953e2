/** The alerts screen (SPEC.md section 2, 'Alerts screen'). */
export function AlertsPage() {
  return (
    <div className="page-header">
      <div>
        <h1>Price Alerts</h1>
        <p>Get an e-mail or SMS when a coin crosses the price or percentage you set.</p>
      </div>
    </div>
  );
}
