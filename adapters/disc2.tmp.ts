import { createCcxtConnector } from './src/exchanges/ccxt-client.ts';
import { seedAccount } from './src/exchanges/testing/accounts.ts';
import { startRecordedPeer, type RecordedExchange } from './src/exchanges/testing/recorded-peer.ts';
const id = process.argv[2] as RecordedExchange;
const account = seedAccount({ trades: 12, apiKey: 'k'.repeat(32) });
const peer = await startRecordedPeer(id, { accounts: [account] });
const c = createCcxtConnector({ urls: { [id]: peer.url }, throttle: async () => {} });
const client = c.connect(id, { apiKey: account.apiKey, secret: account.secret, password: 'pw' });
try { console.log(await client.checkKey()); } catch (e) { console.log('checkKey ERR', e); }
try { console.log(JSON.stringify(await client.fetchBalances())); } catch (e) { console.log('bal ERR', e); }
try { let cur = null; let n = 0; for (let i=0;i<20;i++){ const p = await client.fetchMovements(cur); n+=p.movements.length; console.log(p.movements.length, p.done, JSON.stringify(p.cursor), p.movements[0]); cur=p.cursor; if(p.done) break;} console.log('total', n); } catch (e) { console.log('mov ERR', e); }
console.log(peer.log.map(l => l.method + ' ' + l.path).join('\n'));
await client.close(); await peer.close();
