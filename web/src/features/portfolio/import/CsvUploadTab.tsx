import { CSV_COLUMN_HELP, CSV_FORMAT_NOTES, CSV_TEMPLATE, CSV_TEMPLATE_FILENAME } from '@coinpace/domain';
import { useState } from 'react';
import { FileChooser } from './FileChooser.tsx';
import { importCsvFile } from './import-store.ts';

/** Offers the CSV template as a file download. */
function downloadTemplate(): void {
  const url = URL.createObjectURL(new Blob([CSV_TEMPLATE], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = CSV_TEMPLATE_FILENAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** 'CSV Upload': drag-and-drop or file chooser, the template download and format help. */
export function CsvUploadTab({ disabled, onShowHelp }: { disabled: boolean; onShowHelp: () => void }) {
  const [over, setOver] = useState(false);
  return (
    <div>
      <div
        className={`pf-dropzone${over ? ' pf-dropzone-over' : ''}`}
        data-testid="csv-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          const file = event.dataTransfer.files[0];
          if (file && !disabled) void importCsvFile(file);
        }}
      >
        <p>
          <strong>Drop your CSV file here</strong>
        </p>
        <p className="muted">or</p>
        <FileChooser inputLabel="CSV file" disabled={disabled} onFile={(file) => void importCsvFile(file)}>
          Choose CSV File
        </FileChooser>
      </div>
      <div className="pf-help">
        <div className="pf-help-row">
          <button type="button" className="btn btn-sm" onClick={downloadTemplate}>
            Download template ({CSV_TEMPLATE_FILENAME})
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onShowHelp}>
            How to export from your exchange or wallet
          </button>
        </div>
        <h3>CSV format</h3>
        <p className="muted">
          The first row must name the columns, in any case. Each row needs a symbol and a quantity above 0;{' '}
          <code>$</code> signs and thousands separators are ignored. When a row gives the position&apos;s
          value in USD, the purchase price is value ÷ quantity; otherwise it is the current market price. Rows
          with a quantity of 0 are skipped, and the summary after the import lists every row that was skipped
          or could not be read, with why.
        </p>
        <ul className="muted">
          {CSV_COLUMN_HELP.map(({ label, names }) => (
            <li key={label}>
              {label}: {names.join(', ')}
            </li>
          ))}
        </ul>
        {CSV_FORMAT_NOTES.map((note) => (
          <p key={note} className="muted">
            {note}
          </p>
        ))}
      </div>
    </div>
  );
}
