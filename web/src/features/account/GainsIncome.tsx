import { formDate, formatCents, toCents, type GainsReportResult } from '@coinpace/domain';

/**
 * The income section of the gains report: each staking reward, interest payment or airdrop of the year
 * with its value on the day it came, and the year's total, apart from the gains of trading.
 */
export function GainsIncome({ report }: { report: GainsReportResult }) {
  const code = report.currency.toUpperCase();
  return (
    <>
      <h3 className="gains-income-title">Income</h3>
      <p className="muted">{report.incomeNote}</p>
      {report.income.length === 0 ? (
        <p className="muted">No income in {report.year}.</p>
      ) : (
        <div className="gains-table-wrap">
          <table className="invoices-table gains-table">
            <caption className="sr-only">Income in {report.year}</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Coin</th>
                <th scope="col" className="num">
                  Quantity
                </th>
                <th scope="col" className="num">
                  Value ({code})
                </th>
              </tr>
            </thead>
            <tbody>
              {report.income.map((line) => (
                <tr key={line.transactionId}>
                  <td data-label="Received">{formDate(line.received)}</td>
                  <td data-label="Coin">{line.symbol}</td>
                  <td className="num" data-label="Quantity">
                    {line.quantity}
                  </td>
                  <td className="num" data-label={`Value (${code})`}>
                    {formatCents(toCents(line.value))}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Total income {report.year}
                </th>
                <td className="num" data-label={`Total (${code})`}>
                  {formatCents(toCents(report.incomeTotal))}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </>
  );
}
