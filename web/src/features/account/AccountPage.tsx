import { AlertChannelsSection } from './AlertChannelsSection.tsx';
import { ContactInfoForm } from './ContactInfoForm.tsx';
import { CostMethodSection } from './CostMethodSection.tsx';
import { DataExport } from './DataExport.tsx';
import { DisplayCurrencySection } from './DisplayCurrencySection.tsx';
import { GainsReportSection } from './GainsReportSection.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { InvoicesSection } from './InvoicesSection.tsx';
import { PlanSection } from './PlanSection.tsx';
import { ReportIssue } from './ReportIssue.tsx';
import './account.css';

/**
 * The account screen (SPEC.md section 2, 'Account screen'): plan, billing (invoices, payment method), contact
 * info, cost method, display currency, report issue, download your data, delete account; then the gains
 * report.
 * A session_id in the address (back from checkout) is handled by the dashboard shell's billing layer.
 */
export function AccountPage() {
  return (
    <>
      <div className="page-header">
        <div>
          <h1>My Account</h1>
          <p>Your plan, contact details and account settings.</p>
        </div>
      </div>
      <div className="account-grid">
        <PlanSection />
        <InvoicesSection />
        <ContactInfoForm />
        <AlertChannelsSection />
        <CostMethodSection />
        <DisplayCurrencySection />
        <ReportIssue />
        <DataExport />
        <DeleteAccount />
      </div>
      {/* Full width below the settings' grid: its table needs the room, and the grid keeps its rows. */}
      <GainsReportSection />
    </>
  );
}
