/** The stylesheet of GET /api/docs, served as /api/docs/style.css (an inline style would break a strict CSP). */
export const DOCS_STYLESHEET = `
:root { color-scheme: light dark; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --bg: #fff; --code: #f3f4f6;
  --get: #0b7a3b; --post: #0550ae; --put: #8a4600; --patch: #6f42c1; --delete: #b42318; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --muted: #9aa6b2; --line: #30363d; --bg: #0d1117; --code: #161b22;
    --get: #3fb950; --post: #58a6ff; --put: #d29922; --patch: #bc8cff; --delete: #f85149; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--post); }
code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--code); padding: 0 3px; border-radius: 3px; overflow-wrap: anywhere; }
header { padding: 16px 24px; border-bottom: 1px solid var(--line); }
header h1 { margin: 0 0 4px; font-size: 24px; }
.version { font-size: 14px; color: var(--muted); font-weight: normal; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 8px; top: 8px; background: var(--bg); padding: 4px 8px; }
.layout { display: grid; grid-template-columns: 300px minmax(0, 1fr); }
nav { border-right: 1px solid var(--line); padding: 12px; position: sticky; top: 0; max-height: 100vh; overflow: auto; font-size: 13px; }
nav ul { list-style: none; margin: 0; padding-left: 0; }
nav ul ul { padding-left: 8px; margin-bottom: 8px; }
nav a { text-decoration: none; display: block; padding: 2px 0; overflow-wrap: anywhere; }
main { padding: 8px 24px 48px; min-width: 0; }
section > h2 { border-bottom: 1px solid var(--line); padding-bottom: 4px; margin-top: 32px; }
.operation, .component { border: 1px solid var(--line); border-radius: 6px; padding: 12px 16px; margin: 16px 0; }
.operation h3 { margin: 0; font-size: 16px; display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
.method { display: inline-block; min-width: 56px; text-align: center; font: bold 12px/1.8 ui-monospace, monospace; color: #fff; border-radius: 3px; padding: 0 4px; }
.method.get { background: var(--get); } .method.post { background: var(--post); } .method.put { background: var(--put); }
.method.patch { background: var(--patch); } .method.delete { background: var(--delete); }
.summary { font-weight: 600; margin: 6px 0 2px; }
.access, .content-type, .constraints, .header { color: var(--muted); font-size: 13px; }
.required { color: var(--delete); font-size: 12px; }
h4 { margin: 14px 0 4px; font-size: 14px; }
details { border-top: 1px solid var(--line); padding: 4px 0; }
summary { cursor: pointer; padding: 2px 0; }
summary:focus-visible, a:focus-visible { outline: 2px solid var(--post); outline-offset: 2px; }
.status { font: bold 13px ui-monospace, monospace; padding: 0 4px; border-radius: 3px; }
.s2xx { color: var(--get); } .s4xx { color: var(--put); } .s5xx { color: var(--delete); }
.fields { margin: 4px 0; padding-left: 20px; }
.fields li { margin: 2px 0; }
.variants { padding-left: 20px; }
.table { overflow-x: auto; }
table { border-collapse: collapse; font-size: 13px; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
@media (max-width: 800px) {
  .layout { display: block; }
  nav { position: static; max-height: none; border-right: 0; border-bottom: 1px solid var(--line); }
  main, header { padding-left: 12px; padding-right: 12px; }
}
`;
