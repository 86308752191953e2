/**
 * GET /api/docs: the OpenAPI document as one HTML page, rendered here so the page needs no script (a strict
 * Content-Security-Policy with script-src 'self' holds, and nothing loads from a CDN). Sections per tag, an
 * entry per operation with its parameters, body and answers, schemas as nested lists, shared schemas at
 * the end; `<details>` for the answers keeps the page short and works by keyboard.
 */
import { escapeHtml } from '@coinpace/domain';
import type { OpenApiDocument, OpenApiOperation } from '@coinpace/domain/openapi';

export { DOCS_STYLESHEET } from './docs-style.ts';

type Schema = Record<string, unknown>;

const esc = (value: unknown) => escapeHtml(String(value));
/**
 * Descriptions are written with Markdown's code spans (`GET /api/portfolio`): escaped, then each span shown
 * as code, so the page never shows a raw backtick.
 */
const prose = (value: unknown) => esc(value).replace(/`([^`]+)`/g, '<code>$1</code>');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const CONSTRAINTS: [string, string][] = [
  ['format', 'format'],
  ['minLength', 'min length'],
  ['maxLength', 'max length'],
  ['minimum', 'min'],
  ['maximum', 'max'],
  ['minItems', 'min items'],
  ['maxItems', 'max items'],
  ['pattern', 'pattern'],
  ['default', 'default'],
];

const anchor = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '-');
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** A one-line name for a schema's type: `string`, `array of Holding`, `one of ...`. */
function typeLabel(schema: Schema): string {
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    return `<a href="#schema-${anchor(name)}">${esc(name)}</a>`;
  }
  if ('const' in schema) return `<code>${esc(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum))
    return schema.enum.map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(' | ');
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return variants.map(typeLabel).join(' | ');
  if (schema.type === 'array') return `array of ${typeLabel((schema.items as Schema) ?? {})}`;
  if (Array.isArray(schema.type)) return schema.type.map(esc).join(' | ');
  if (schema.type === 'object' && schema.additionalProperties && !schema.properties) {
    return `map of ${typeLabel(schema.additionalProperties as Schema)}`;
  }
  return esc(schema.type ?? 'any');
}

/** zod's integers carry the safe-integer range as bounds; they say nothing to a reader. */
const isSafeIntegerBound = (key: string, value: unknown) =>
  (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) ||
  (key === 'minimum' && value === Number.MIN_SAFE_INTEGER);

function constraints(schema: Schema): string {
  const shown = ([key]: [string, string]) =>
    schema[key] !== undefined && !isSafeIntegerBound(key, schema[key]);
  const parts = CONSTRAINTS.filter(shown).map(
    ([key, label]) =>
      `${label} <code>${esc(key === 'default' ? JSON.stringify(schema[key]) : schema[key])}</code>`,
  );
  return parts.length > 0 ? ` <span class="constraints">${parts.join(', ')}</span>` : '';
}

/** The fields of an object schema (or of the objects inside an array or union) as nested lists. */
function fields(schema: Schema, depth: number): string {
  if (depth > 8) return '';
  if (schema.type === 'array' && schema.items) return fields(schema.items as Schema, depth);
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) {
    const inner = variants.map((v) => fields(v, depth)).filter(Boolean);
    return inner.length > 0 ? `<ol class="variants">${inner.map((f) => `<li>${f}</li>`).join('')}</ol>` : '';
  }
  if (schema.type === 'object' && !schema.properties && schema.additionalProperties) {
    return fields(schema.additionalProperties as Schema, depth);
  }
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (!properties) return '';
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const items = Object.entries(properties).map(([name, property]) => {
    const description = property.description ? ` — ${prose(property.description)}` : '';
    const flag = required.has(name) ? ' <span class="required">required</span>' : '';
    return `<li><code class="field">${esc(name)}</code> <span class="type">${typeLabel(property)}</span>${flag}${constraints(property)}${description}${fields(property, depth + 1)}</li>`;
  });
  return `<ul class="fields">${items.join('')}</ul>`;
}

/** A schema: its type on one line, then its fields. */
function schemaBlock(schema: Schema | undefined): string {
  if (!schema) return '';
  const description = schema.description ? ` — ${prose(schema.description)}` : '';
  return `<div class="schema"><p><span class="type">${typeLabel(schema)}</span>${constraints(schema)}${description}</p>${fields(schema, 0)}</div>`;
}

const contentOf = (holder: { content?: Record<string, { schema?: Schema }> } | undefined) =>
  Object.entries(holder?.content ?? {})[0];

function parametersTable(parameters: Schema[] | undefined): string {
  if (!parameters?.length) return '';
  const rows = parameters.map((p) => {
    const schema = (p.schema ?? {}) as Schema;
    return `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${typeLabel(schema)}${constraints(schema)}</td><td>${prose(p.description ?? '')}</td></tr>`;
  });
  return `<h4>Parameters</h4><div class="table"><table><thead><tr><th>name</th><th>in</th><th>required</th><th>type</th><th>meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function operationBlock(path: string, method: string, op: OpenApiOperation, schemes: Schema): string {
  const access = op.security.flatMap((requirement) =>
    Object.keys(requirement).map((name) => {
      const scheme = (schemes[name] ?? {}) as Schema;
      if (scheme.type === 'http') return 'a bearer token';
      return name === 'sitePassword'
        ? `the ${esc(scheme.name)} header when the site has a password`
        : `the ${esc(scheme.name)} header`;
    }),
  );
  const body = op.requestBody as
    { required?: boolean; description?: string; content?: Record<string, { schema?: Schema }> } | undefined;
  const [bodyType, bodyContent] = contentOf(body) ?? [];
  const answers = Object.entries(op.responses).map(([status, response]) => {
    const [type, content] = contentOf(response as { content?: Record<string, { schema?: Schema }> }) ?? [];
    const headers = Object.entries((response.headers ?? {}) as Record<string, { description?: string }>)
      .map(
        ([name, h]) =>
          `<p class="header">Header <code>${esc(name)}</code>: ${prose(h.description ?? '')}</p>`,
      )
      .join('');
    const detail = `${type ? `<p class="content-type">${esc(type)}</p>` : ''}${headers}${schemaBlock(content?.schema)}`;
    return `<details><summary><span class="status s${status[0]}xx">${esc(status)}</span> ${prose(response.description)}</summary>${detail}</details>`;
  });
  return `<article class="operation" id="op-${anchor(op.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
<p class="summary">${esc(op.summary)}</p>${op.description ? `<p>${prose(op.description)}</p>` : ''}
<p class="access">${access.length > 0 ? `Needs ${access.join(' and ')}.` : 'Open to anyone.'}</p>
${parametersTable(op.parameters)}
${body ? `<h4>Request body${body.required ? '' : ' (optional)'}</h4><p class="content-type">${esc(bodyType ?? '')} · ${prose(body.description ?? '')}</p>${schemaBlock(bodyContent?.schema)}` : ''}
<h4>Answers</h4>${answers.join('\n')}
</article>`;
}

/** The whole page for `doc`. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = doc.tags.map((tag) => ({
    tag,
    operations: Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]?.tags.includes(tag.name)).map((m) => ({ path, method: m, op: item[m]! })),
    ),
  }));
  const nav = byTag
    .map(
      ({ tag, operations }) =>
        `<li><a href="#tag-${anchor(tag.name)}">${esc(tag.name)}</a><ul>${operations
          .map(
            ({ path, method, op }) =>
              `<li><a href="#op-${anchor(op.operationId)}"><span class="method ${method}">${method.toUpperCase()}</span> ${esc(path)}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = byTag
    .map(
      ({ tag, operations }) =>
        `<section id="tag-${anchor(tag.name)}"><h2>${esc(tag.name)}</h2><p>${prose(tag.description)}</p>${operations
          .map(({ path, method, op }) => operationBlock(path, method, op, doc.components.securitySchemes))
          .join('\n')}</section>`,
    )
    .join('\n');
  const shared = Object.entries(doc.components.schemas)
    .map(
      ([name, schema]) =>
        `<article class="component" id="schema-${anchor(name)}"><h3>${esc(name)}</h3>${schemaBlock(schema)}</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} reference</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="/api/docs/style.css">
</head>
<body>
<a class="skip" href="#main">Skip to the reference</a>
<header><h1>${esc(doc.info.title)} <span class="version">${esc(doc.info.version)}</span></h1>
<p>${prose(doc.info.description)}</p>
<p><a href="/api/openapi.json">The OpenAPI 3.1 document (JSON)</a></p></header>
<div class="layout">
<nav aria-label="Operations"><ul>${nav}<li><a href="#schemas">Shared schemas</a></li></ul></nav>
<main id="main">
${sections}
<section id="schemas"><h2>Shared schemas</h2>${shared}</section>
</main>
</div>
</body>
</html>
`;
}
