import { CSV_HEADER_ALIASES, CSV_TEMPLATE, CSV_TEMPLATE_FILENAME } from '@coinpace/domain';
import { useRef, useState } from 'react';
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

const list = (names: readonly string[]) => names.join(', ');

/** 'CSV Upload': drag-and-drop or file chooser, the template download and format help. */
export function CsvUploadTab({ disabled }: { disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
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
        <button
          type="button"
          className="btn btn-primary"
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          Choose CSV File
        </button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-label="CSV file"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importCsvFile(file);
          }}
        />
      </div>
      <div className="pf-help">
        <button type="button" className="btn btn-sm" onClick={downloadTemplate}>
          Download template ({CSV_TEMPLATE_FILENAME})
        </button>
        <h3>CSV format</h3>
        <p className="muted">
          The first row must name the columns, in any case. Each row needs a symbol and a quantity above 0;
          <code>$</code> signs and thousands commas are ignored. When a row gives the position&apos;s value,
          the purchase price is value ÷ quantity; otherwise it is the current market price.
        </p>
        <ul className="muted">
          <li>Symbol: {list(CSV_HEADER_ALIASES.symbol)}</li>
          <li>Name: {list(CSV_HEADER_ALIASES.name)}</li>
          <li>Quantity: {list(CSV_HEADER_ALIASES.quantity)}</li>
          <li>Contract address: {list(CSV_HEADER_ALIASES.contract)}</li>
          <li>Value in USD: {list(CSV_HEADER_ALIASES.value)}</li>
        </ul>
      </div>
    </div>
  );
}
