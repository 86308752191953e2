export * from './outbound-address.ts';
export * from './post-json.ts';
export * from './signature.ts';
export * from './destination-secret.ts';
