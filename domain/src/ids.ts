/** Branded ids, so a user id cannot be passed where a coin id is expected (STYLE.md, Excalidraw). */
declare const brand: unique symbol;
export type Brand<T, B extends string> = T & { readonly [brand]: B };

/** Our own user id (a UUID), never the identity provider's subject. */
export type UserId = Brand<string, 'UserId'>;
/** A CoinGecko coin id such as 'bitcoin'. */
export type CoinId = Brand<string, 'CoinId'>;

export const asUserId = (id: string) => id as UserId;
export const asCoinId = (id: string) => id as CoinId;
