/**
 * The API reference (`@coinpace/domain/openapi`): the route catalogue, its response schemas and the
 * OpenAPI document built from them. A subpath of its own, so the web bundle does not carry it.
 */
export * from './document.ts';
export * from './route-doc.ts';
export * from './responses.ts';
export * from './responses-billing.ts';
export * from './responses-portfolio.ts';
export { responseSchema } from './schema-helpers.ts';
