export * from './role-process.ts';
export * from './cluster.ts';
export { localSiteConfig } from './nginx.ts';
