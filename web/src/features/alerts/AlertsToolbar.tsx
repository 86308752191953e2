/** Edit-mode bulk actions and 'Reset All to ON' (SPEC.md sections 2 and 4). */
export function AlertsToolbar(props: {
  editMode: boolean;
  total: number;
  selected: number;
  busy: boolean;
  onSelectAll: () => void;
  onSelectNone: () => void;
  onEnable: (enabled: boolean) => void;
  onDelete: () => void;
  onResetAll: () => void;
}) {
  const { editMode, total, selected, busy } = props;
  return (
    <div className="alerts-toolbar">
      {editMode ? (
        <>
          <button type="button" className="btn btn-sm" onClick={props.onSelectAll}>
            Select All
          </button>
          <button type="button" className="btn btn-sm" onClick={props.onSelectNone}>
            Select None
          </button>
          <span className="muted">
            {selected} of {total} selected
          </span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={!selected || busy}
            onClick={() => props.onEnable(true)}
          >
            Turn On
          </button>
          <button
            type="button"
            className="btn btn-sm"
            disabled={!selected || busy}
            onClick={() => props.onEnable(false)}
          >
            Turn Off
          </button>
          <button
            type="button"
            className="btn btn-sm btn-danger"
            disabled={!selected || busy}
            onClick={props.onDelete}
          >
            Delete Selected
          </button>
        </>
      ) : null}
      <span className="spacer" />
      <button type="button" className="btn btn-sm" disabled={total === 0 || busy} onClick={props.onResetAll}>
        Reset All to ON
      </button>
    </div>
  );
}
