import { useState, type KeyboardEvent } from 'react';
import { Dialog } from '../../../components/Dialog.tsx';
import { CsvUploadTab } from './CsvUploadTab.tsx';
import { ExchangeHelpDialog } from './ExchangeHelpDialog.tsx';
import { ImportNotices } from './ImportNotices.tsx';
import { chooseImportTab, closeImport, useImport, type ImportTab } from './import-store.ts';
import { PasteTab } from './PasteTab.tsx';
import { TradeHistoryTab } from './TradeHistoryTab.tsx';

const TABS: { id: ImportTab; label: string }[] = [
  { id: 'csv', label: 'CSV Upload' },
  { id: 'paste', label: 'Paste Wallet Data' },
  { id: 'trades', label: 'Trade history' },
];

/**
 * Arrow keys, Home and End move between the tabs and select the one they reach (the tab list is one
 * Tab stop, as WAI-ARIA's tabs pattern has it).
 */
function onTabKey(event: KeyboardEvent<HTMLButtonElement>): void {
  const at = TABS.findIndex((t) => t.id === useImport.getState().tab);
  const next =
    event.key === 'ArrowRight'
      ? (at + 1) % TABS.length
      : event.key === 'ArrowLeft'
        ? (at - 1 + TABS.length) % TABS.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? TABS.length - 1
            : -1;
  if (next === -1) return;
  event.preventDefault();
  chooseImportTab(TABS[next]!.id);
  document.getElementById(`import-tab-${TABS[next]!.id}`)?.focus();
}

/**
 * The Import modal (SPEC.md section 2): CSV and paste tabs, and the trade-history tab; sticky
 * while an import is saved.
 */
export function ImportModal() {
  const { open, tab, importing, error } = useImport();
  const [help, setHelp] = useState(false);
  return (
    <>
      <Dialog open={open} title="Import Portfolio" onClose={closeImport} busy={importing} wide>
        {importing ? (
          <div className="pf-importing" role="status" aria-live="assertive">
            <span className="spinner spinner-lg" aria-hidden="true" />
            <p>
              <strong>Importing your portfolio...</strong>
            </p>
            <p>Please do not refresh or close this page until the import has finished.</p>
          </div>
        ) : (
          <>
            <div className="pf-tabs" role="tablist" aria-label="Import method">
              {TABS.map((t) => (
                <button
                  key={t.id}
                  type="button"
                  role="tab"
                  id={`import-tab-${t.id}`}
                  aria-selected={tab === t.id}
                  aria-controls={`import-panel-${t.id}`}
                  tabIndex={tab === t.id ? 0 : -1}
                  className={`pf-tab${tab === t.id ? ' pf-tab-active' : ''}`}
                  onClick={() => chooseImportTab(t.id)}
                  onKeyDown={onTabKey}
                >
                  {t.label}
                </button>
              ))}
            </div>
            {error && (
              <div className="banner banner-error" role="alert">
                <div className="banner-body">{error}</div>
              </div>
            )}
            <ImportNotices />
            <div role="tabpanel" id={`import-panel-${tab}`} aria-labelledby={`import-tab-${tab}`}>
              {tab === 'csv' ? (
                <CsvUploadTab disabled={importing} onShowHelp={() => setHelp(true)} />
              ) : tab === 'paste' ? (
                <PasteTab disabled={importing} onShowHelp={() => setHelp(true)} />
              ) : (
                <TradeHistoryTab disabled={importing} />
              )}
            </div>
          </>
        )}
      </Dialog>
      <ExchangeHelpDialog open={help} onClose={() => setHelp(false)} />
    </>
  );
}
